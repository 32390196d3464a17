import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findRepoRoot } from '@opp/local-stack';
import type { LoadResult } from './load';

const MARKER = '<!-- bench:results -->';

const row = (r: LoadResult) =>
  `| ${r.name} | ${r.concurrency} | ${r.perSecond.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${r.completed} | ${r.failed} |`;

const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

/**
 * The results as Markdown, printed and written to docs/benchmarks.md below its marker (the text
 * above the marker is the hand-written method). Ratios are against baselines of the same run.
 */
export function writeReport(
  results: Record<string, LoadResult>,
  settings: { concurrency: number; treeConcurrency: number; seconds: number },
): string {
  const { card, pg, bare, trees, kafka } = results;
  const perLevelMs = trees.p50Ms / 3;
  const lines = [
    `Run ${new Date().toISOString()} on ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.type()} ${os.release()}; ` +
      `${settings.seconds} s per scenario after a 2 s warm-up; load generator on the same machine.`,
    '',
    '| scenario | concurrency | per second | p50 ms | p99 ms | completed | failed |',
    '|---|---|---|---|---|---|---|',
    ...[card, pg, bare, trees, kafka].map(row),
    '',
    `- Card payments: ${ratio(card.perSecond, pg.perSecond)} of the pg baseline's throughput and ` +
      `${ratio(card.perSecond, bare.perSecond)} of the bare HTTP server's; p50 latency ` +
      `${ratio(card.p50Ms, pg.p50Ms)} the pg baseline's and ${ratio(card.p50Ms, bare.p50Ms)} the bare server's.`,
    `- Processing trees: ${trees.perSecond.toFixed(1)} trees/s; p50 POST-to-FINISHED ${trees.p50Ms.toFixed(0)} ms, ` +
      `i.e. ${perLevelMs.toFixed(1)} ms per level = ${ratio(perLevelMs, kafka.p50Ms)} a bare kafkajs round trip ` +
      `(p50 ${kafka.p50Ms.toFixed(1)} ms). A level is at least two hops (command out, result back).`,
  ];
  const text = lines.join('\n');
  const file = path.join(findRepoRoot(), 'docs', 'benchmarks.md');
  const current = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : `# Benchmarks\n\n${MARKER}\n`;
  const head = current.includes(MARKER)
    ? current.slice(0, current.indexOf(MARKER))
    : `${current}\n`;
  fs.writeFileSync(file, `${head}${MARKER}\n\n${text}\n`);
  return text;
}
