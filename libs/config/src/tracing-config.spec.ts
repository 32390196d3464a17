import { ConfigError } from './config-error';
import { loadConfig } from './load-config';
import { serviceConfig } from './service-config';

class NotifierConfig extends serviceConfig('NOTIFIER', 3004, 'opp_notifier') {}

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(NotifierConfig, { NODE_ENV: 'development', ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('tracing settings of every service', () => {
  it('are off by default, with a 5 s export delay', () => {
    const config = loadConfig(NotifierConfig, { NODE_ENV: 'development' });
    expect(config.otelExporterOtlpEndpoint).toBeUndefined();
    expect(config.otelServiceName).toBeUndefined();
    expect(config.otelExportDelayMs).toBe(5000);
  });

  it('read the OTLP endpoint, the service name and the export delay', () => {
    const config = loadConfig(NotifierConfig, {
      NODE_ENV: 'development',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      OTEL_SERVICE_NAME: 'notifier-eu',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    expect(config).toMatchObject({
      otelExporterOtlpEndpoint: 'http://otel-collector:4318',
      otelServiceName: 'notifier-eu',
      otelExportDelayMs: 200,
    });
  });

  it('refuse an endpoint that is not an http(s) URL, a bad name and a bad delay', () => {
    const problems = problemsOf({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4318',
      OTEL_SERVICE_NAME: 'has space',
      OTEL_BSP_SCHEDULE_DELAY: 'soon',
    });
    expect(new Set(problems.map((problem) => problem.split(' ')[0]))).toEqual(
      new Set(['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_SERVICE_NAME', 'OTEL_BSP_SCHEDULE_DELAY']),
    );
  });
});
