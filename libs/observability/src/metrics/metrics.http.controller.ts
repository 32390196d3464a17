import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MetricsRegistry } from './metrics-registry';

/** GET /metrics: the Prometheus exposition text of the service. */
@Controller('metrics')
export class MetricsHttpController {
  constructor(private readonly metrics: MetricsRegistry) {}

  // The content type is set on the reply: Prometheus reads the text format version from it.
  @Get()
  async scrape(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.header('content-type', this.metrics.contentType);
    return this.metrics.text();
  }
}
