import type { CaptureServer } from '@opp/testing';

/** One span as an OTLP/HTTP JSON export carries it, flattened with its service. */
export interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP SpanKind: 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: (Omit<ExportedSpan, 'service' | 'attributes'> & { attributes?: OtlpAttribute[] })[];
    }[];
  }[];
}

function attributes(list: OtlpAttribute[] | undefined): ExportedSpan['attributes'] {
  const out: ExportedSpan['attributes'] = {};
  for (const { key, value } of list ?? []) {
    out[key] =
      value.stringValue ??
      value.boolValue ??
      value.doubleValue ??
      (value.intValue === undefined ? '' : Number(value.intValue));
  }
  return out;
}

/** Every span the collector (a capture server on /v1/traces) has received so far. */
export function exportedSpans(collector: CaptureServer): ExportedSpan[] {
  const spans: ExportedSpan[] = [];
  for (const request of collector.requests('/v1/traces')) {
    const body = JSON.parse(request.body) as OtlpExport;
    for (const resourceSpans of body.resourceSpans ?? []) {
      const service = String(attributes(resourceSpans.resource?.attributes)['service.name']);
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          spans.push({ ...span, service, attributes: attributes(span.attributes) });
        }
      }
    }
  }
  return spans;
}

/** The spans of one trace as an indented tree (service, kind, name), for logs and reports. */
export function traceTree(spans: readonly ExportedSpan[]): string {
  const kinds = ['', 'internal', 'server', 'client', 'producer', 'consumer'];
  const ids = new Set(spans.map((s) => s.spanId));
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const span of spans.filter((s) => (s.parentSpanId || undefined) === parent)) {
      lines.push(`${'  '.repeat(depth)}${span.service} ${kinds[span.kind]} "${span.name}"`);
      walk(span.spanId, depth + 1);
    }
  };
  // Roots: no parent, or a parent that was not exported (an upstream caller's span).
  for (const root of spans.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId))) {
    lines.push(`${root.service} ${kinds[root.kind]} "${root.name}"`);
    walk(root.spanId, 1);
  }
  return `trace ${spans[0]?.traceId ?? '-'}\n${lines.join('\n')}\n`;
}
