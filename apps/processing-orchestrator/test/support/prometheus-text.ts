/** One sample of a scrape: `name{labels} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const HELP_LINE = new RegExp(`^# HELP (${NAME}) .*$`);
const FAMILY_SUFFIXES = ['_bucket', '_sum', '_count', ''];

/**
 * Reads the Prometheus text exposition format (0.0.4) strictly: every line must be a HELP, a TYPE
 * or a sample of a declared family, or this throws with the offending line.
 */
export function parsePrometheusText(text: string): Sample[] {
  const families = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = TYPE_LINE.exec(line);
    if (type) {
      families.set(type[1], type[2]);
      continue;
    }
    if (HELP_LINE.test(line)) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const [, name, labelText = '', valueText] = match;
    const family = FAMILY_SUFFIXES.map((suffix) =>
      suffix && name.endsWith(suffix) ? name.slice(0, -suffix.length) : name,
    ).find((candidate) => families.has(candidate));
    if (!family) throw new Error(`sample of an undeclared metric: ${line}`);
    const value = Number(valueText.replace(/^\+?Inf$/, 'Infinity').replace(/^-Inf$/, '-Infinity'));
    // Prometheus parses floats as Go does: NaN in any case (prom-client writes "Nan").
    if (Number.isNaN(value) && valueText.toLowerCase() !== 'nan') {
      throw new Error(`bad value: ${line}`);
    }
    samples.push({ name, labels: parseLabels(labelText, line), value });
  }
  return samples;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`bad labels: ${line}`);
    labels[match[1]] = match[2].replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  return samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
}
