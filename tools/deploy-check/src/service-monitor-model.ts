// The Prometheus Operator's ServiceMonitor is a custom resource: kubernetes-models has no class for
// it, so this checks the fields we use against the CRD's shape (monitoring.coreos.com/v1).

const DURATION = /^(\d+(ms|s|m|h))+$/;
const SPEC_FIELDS = new Set(['selector', 'endpoints', 'namespaceSelector', 'jobLabel']);
const ENDPOINT_FIELDS = new Set([
  'port',
  'path',
  'interval',
  'scrapeTimeout',
  'honorLabels',
  'scheme',
]);

interface ServiceMonitorData {
  metadata?: { name?: unknown };
  spec?: Record<string, unknown>;
}

export class ServiceMonitor {
  static readonly apiVersion = 'monitoring.coreos.com/v1';
  static readonly kind = 'ServiceMonitor';

  constructor(private readonly data: ServiceMonitorData) {}

  validate(): void {
    const problems: string[] = [];
    const spec = this.data.spec ?? {};
    for (const key of Object.keys(spec)) {
      if (!SPEC_FIELDS.has(key)) problems.push(`spec.${key} is not a field we ship`);
    }
    const matchLabels = (spec.selector as { matchLabels?: Record<string, unknown> } | undefined)
      ?.matchLabels;
    if (!matchLabels || Object.keys(matchLabels).length === 0) {
      problems.push('spec.selector.matchLabels must select something');
    } else if (Object.values(matchLabels).some((v) => typeof v !== 'string')) {
      problems.push('spec.selector.matchLabels values must be strings');
    }
    const endpoints = spec.endpoints;
    if (!Array.isArray(endpoints) || endpoints.length === 0) {
      problems.push('spec.endpoints must list at least one endpoint');
    } else {
      endpoints.forEach((e: Record<string, unknown>, i) =>
        problems.push(...endpointProblems(e, i)),
      );
    }
    if (problems.length > 0) throw new Error(problems.join('; '));
  }
}

function endpointProblems(endpoint: Record<string, unknown>, index: number): string[] {
  const at = `spec.endpoints[${index}]`;
  const problems = Object.keys(endpoint)
    .filter((key) => !ENDPOINT_FIELDS.has(key))
    .map((key) => `${at}.${key} is not a field we ship`);
  if (typeof endpoint.port !== 'string' || endpoint.port === '') {
    problems.push(`${at}.port must be a port name`);
  }
  if (typeof endpoint.path !== 'string' || !endpoint.path.startsWith('/')) {
    problems.push(`${at}.path must be an absolute path`);
  }
  for (const key of ['interval', 'scrapeTimeout']) {
    const value = endpoint[key];
    if (value !== undefined && (typeof value !== 'string' || !DURATION.test(value))) {
      problems.push(`${at}.${key} must be a duration such as 30s`);
    }
  }
  if (endpoint.honorLabels !== undefined && typeof endpoint.honorLabels !== 'boolean') {
    problems.push(`${at}.honorLabels must be a boolean`);
  }
  return problems;
}
