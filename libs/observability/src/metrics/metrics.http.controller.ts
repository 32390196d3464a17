import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MetricsRegistry } from './metrics-registry';

/** GET /metrics: the Prometheus exposition text of the service. */
@ApiTags('operations')
@Controller('metrics')
export class MetricsHttpController {
  constructor(private readonly metrics: MetricsRegistry) {}

  // The content type is set on the reply: Prometheus reads the text format version from it.
  @Get()
  @ApiOperation({ summary: 'Prometheus metrics of this process (internal listener only)' })
  @ApiResponse({
    status: 200,
    description: 'Prometheus text exposition format',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiSecurity({})
  async scrape(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.header('content-type', this.metrics.contentType);
    return this.metrics.text();
  }
}
