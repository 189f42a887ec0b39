/**
 * Prometheus text exposition format 0.0.4, the few pieces we need: a family (HELP, TYPE) and
 * its samples. https://prometheus.io/docs/instrumenting/exposition_formats/
 */

export type Labels = Record<string, string>;

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

const formatValue = (value: number) =>
  Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN';

/** One sample line: `name{label="value",…} 12`. */
export function sample(name: string, labels: Labels, value: number): string {
  const pairs = Object.entries(labels).map(([key, v]) => `${key}="${escapeLabel(v)}"`);
  return `${name}${pairs.length ? `{${pairs.join(',')}}` : ''} ${formatValue(value)}`;
}

/** A metric family: its HELP and TYPE lines, then its samples. */
export function family(
  name: string,
  type: 'counter' | 'gauge' | 'histogram',
  help: string,
  samples: string[],
): string {
  return [`# HELP ${name} ${help.replace(/\n/g, ' ')}`, `# TYPE ${name} ${type}`, ...samples]
    .join('\n')
    .concat('\n');
}
