import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { HEALTH_OPTIONS, type HealthOptions } from './health-options';
import { runReadiness, type ReadinessReport } from './readiness';

const json = (schema: object) => ({ 'application/json': { schema } });
const LIVE_SCHEMA = { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } };
const READINESS_SCHEMA = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    checks: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

@ApiTags('operations')
@ApiSecurity({})
@Controller('health')
export class HealthHttpController {
  constructor(@Inject(HEALTH_OPTIONS) private readonly options: HealthOptions) {}

  /** The process serves requests; nothing else is checked (a failing dependency must not restart it). */
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiResponse({ status: 200, description: 'Up', content: json(LIVE_SCHEMA) })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  // The 503 is set on the reply rather than thrown: an app-wide exception filter would rewrite a
  // thrown HttpException into the API error format, and probes expect this shape.
  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: database and broker reachable, consumers joined (503 if not)',
  })
  @ApiResponse({ status: 200, description: 'Ready', content: json(READINESS_SCHEMA) })
  @ApiResponse({ status: 503, description: 'Not ready', content: json(READINESS_SCHEMA) })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    const report = await runReadiness(this.options.checks, this.options.timeoutMs);
    void reply.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
