import { Injectable, Module, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startFastifyTestApp } from '../fastify-test-app';
import { flagCheck, type HealthCheck } from './health-check';
import { HealthModule } from './health.module';

async function startApp(health: DynamicModule): Promise<NestFastifyApplication> {
  @Module({ imports: [health] })
  class AppModule {}
  return startFastifyTestApp(AppModule);
}

@Injectable()
class ConsumerState {
  joined = false;
}

@Module({ providers: [ConsumerState], exports: [ConsumerState] })
class ConsumerModule {}

describe('HealthModule on Fastify', () => {
  let app: NestFastifyApplication | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers live with 200 even when a dependency is down', async () => {
    app = await startApp(HealthModule.forRoot({ checks: [flagCheck('kafka', () => false, 'no')] }));
    const res = await app.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers ready with 200 when every check is up', async () => {
    app = await startApp(
      HealthModule.forRoot({
        checks: [flagCheck('a', () => true, 'x'), flagCheck('b', () => true, 'y')],
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { a: 'up', b: 'up' } });
  });

  it('answers ready with 503 and the reasons when a check is down or hangs', async () => {
    const hung: HealthCheck = { name: 'database', check: () => new Promise(() => undefined) };
    app = await startApp(
      HealthModule.forRoot({
        checks: [hung, flagCheck('kafka', () => false, 'consumer not joined')],
        timeoutMs: 50,
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'down: timed out after 50ms', kafka: 'down: consumer not joined' },
    });
  });

  it('builds checks from injected providers with forRootAsync', async () => {
    app = await startApp(
      HealthModule.forRootAsync({
        imports: [ConsumerModule],
        inject: [ConsumerState],
        useFactory: (state: ConsumerState) => [
          flagCheck('kafka', () => state.joined, 'not joined'),
        ],
      }),
    );
    const before = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(before.statusCode).toBe(503);
    app.get(ConsumerState).joined = true;
    const after = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ok', checks: { kafka: 'up' } });
  });
});
