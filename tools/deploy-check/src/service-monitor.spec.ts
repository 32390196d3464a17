// Prometheus scrapes every app: the rendered ServiceMonitor selects the six Services by label and
// names a port they all have (docs/operations/metrics.md).
import type { IService } from 'kubernetes-models/v1/Service';
import { APPS, OVERLAYS } from './apps';
import { renderOverlay, type K8sObject } from './render';
import { ServiceMonitor } from './service-monitor-model';

interface MonitorSpec {
  selector: { matchLabels: Record<string, string> };
  endpoints: { port: string; path: string }[];
}

describe.each(OVERLAYS)('deploy/overlays/%s: ServiceMonitor', (overlay) => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = renderOverlay(overlay);
  });

  it('scrapes each app once at /metrics: the internal services and the gateway admin listener', () => {
    const monitors = objects.filter((o) => o.kind === 'ServiceMonitor');
    expect(monitors).toHaveLength(1);
    const spec = monitors[0].spec as MonitorSpec;
    const services = objects.filter((o) => o.kind === 'Service') as unknown as IService[];
    const selected = services.filter((s) =>
      Object.entries(spec.selector.matchLabels).every(([k, v]) => s.metadata?.labels?.[k] === v),
    );
    const expected = APPS.map((a) => (a.name === 'api-gateway' ? 'api-gateway-admin' : a.name));
    expect(selected.map((s) => s.metadata?.name).sort()).toEqual(expected.sort());
    for (const endpoint of spec.endpoints) expect(endpoint.path).toBe('/metrics');
    for (const service of selected) {
      const scraped = spec.endpoints.filter((e) =>
        service.spec?.ports?.some((p) => p.name === e.port),
      );
      expect({ service: service.metadata?.name, targets: scraped.length }).toEqual({
        service: service.metadata?.name,
        targets: 1,
      });
    }
  });
});

describe('ServiceMonitor model', () => {
  const valid = {
    metadata: { name: 'opp' },
    spec: {
      selector: { matchLabels: { app: 'x' } },
      endpoints: [{ port: 'http', path: '/metrics', interval: '30s' }],
    },
  };

  it('accepts the shape we ship', () => {
    expect(() => new ServiceMonitor(valid).validate()).not.toThrow();
  });

  it('refuses a monitor that selects nothing, has no endpoint or a malformed one', () => {
    expect(() =>
      new ServiceMonitor({ ...valid, spec: { ...valid.spec, selector: {} } }).validate(),
    ).toThrow(/matchLabels/);
    expect(() =>
      new ServiceMonitor({ ...valid, spec: { ...valid.spec, endpoints: [] } }).validate(),
    ).toThrow(/at least one endpoint/);
    const bad = { port: 'http', path: 'metrics', interval: 'often', targetPort: 3000 };
    expect(() =>
      new ServiceMonitor({ ...valid, spec: { ...valid.spec, endpoints: [bad] } }).validate(),
    ).toThrow(
      /targetPort is not a field.*path must be an absolute path.*interval must be a duration/,
    );
  });
});
