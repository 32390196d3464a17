import { Controller, Get, Module, Param, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startFastifyTestApp } from '../fastify-test-app';
import { MetricsModule } from './metrics.module';

@Controller('items')
class ItemsController {
  @Get(':id')
  get(@Param('id') id: string): { id: string } {
    return { id };
  }
}

async function startApp(metrics: DynamicModule): Promise<NestFastifyApplication> {
  @Module({ imports: [metrics], controllers: [ItemsController] })
  class AppModule {}
  return startFastifyTestApp(AppModule);
}

/** The request count of the series with exactly these labels (in any order). */
function durationCount(text: string, labels: string[]): string | undefined {
  const line = text.split('\n').find((candidate) => {
    const match = /^opp_http_request_duration_seconds_count\{(.*)\} \d+$/.exec(candidate);
    return match !== null && match[1].split(',').sort().join(',') === [...labels].sort().join(',');
  });
  return line?.split(' ')[1];
}

describe('MetricsModule on Fastify', () => {
  let app: NestFastifyApplication | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('serves the exposition text on GET /metrics', async () => {
    app = await startApp(MetricsModule.forRoot({ service: 'gateway' }));
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
  });

  it('times requests by route template and status, and every unknown URL as one route', async () => {
    app = await startApp(MetricsModule.forRoot({ service: 'gateway' }));
    await app.inject({ method: 'GET', url: '/items/1' });
    await app.inject({ method: 'GET', url: '/items/2' });
    await app.inject({ method: 'GET', url: '/nothing/here' });
    await app.inject({ method: 'GET', url: '/nothing/else' });
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(
      durationCount(text, [
        'method="GET"',
        'route="/items/:id"',
        'status="200"',
        'service="gateway"',
      ]),
    ).toBe('2');
    expect(
      durationCount(text, [
        'method="GET"',
        'route="unmatched"',
        'status="404"',
        'service="gateway"',
      ]),
    ).toBe('2');
    expect(text).not.toContain('/items/1');
    expect(text).not.toContain('/nothing');
  });
});
