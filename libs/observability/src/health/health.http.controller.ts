import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HEALTH_OPTIONS, type HealthOptions } from './health-options';
import { runReadiness, type ReadinessReport } from './readiness';

@Controller('health')
export class HealthHttpController {
  constructor(@Inject(HEALTH_OPTIONS) private readonly options: HealthOptions) {}

  /** The process serves requests; nothing else is checked (a failing dependency must not restart it). */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  // The 503 is set on the reply rather than thrown: an app-wide exception filter would rewrite a
  // thrown HttpException into the API error format, and probes expect this shape.
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    const report = await runReadiness(this.options.checks, this.options.timeoutMs);
    void reply.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
