import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findRepoRoot } from '@opp/local-stack';
import type { LoadResult } from './load';
import type { PaymentAudit } from './payment-audit';
import { totalCpuMs, type BusyWindow, type ProcessUsage } from './process-usage';
import { REFUSED_DELIVERIES, REFUSED_SECONDS } from './refused-deliveries';
import type { WorkPerUnit } from './work-counts';

const MARKER = '<!-- bench:results -->';

/** Everything one run measured; see main.ts for how. */
export interface BenchFigures {
  idle: ProcessUsage[];
  idleSeconds: number;
  card: LoadResult;
  cardUsage: ProcessUsage[];
  /** The bench's own CPU during the card load (clients, callback receiver); not in the sums. */
  cardLoadGenerator: ProcessUsage;
  /** Messages, transactions and rows per charge of the closed loop (counted, not timed). */
  cardWork?: WorkPerUnit;
  cardUnloaded: LoadResult;
  cardHalfLoad: LoadResult;
  /** CPU per process over the open loop at half the throughput and the work it left behind. */
  cardHalfLoadUsage: ProcessUsage[];
  cardHalfLoadGenerator: ProcessUsage;
  /** The open loop alone, without its tail: the machine's busy share is read over it. */
  cardHalfLoadBusy: BusyWindow<unknown>;
  pg: LoadResult;
  bare: LoadResult;
  /** The bare server's CPU per request (it runs in a process of its own). */
  bareCpuPerRequestMs: number;
  /** The same bare requests in an open loop at the half-throughput scenario's rate. */
  bareAtRate: LoadResult;
  bareAtRateCpuPerRequestMs: number;
  treesUnloaded: LoadResult;
  trees: LoadResult;
  /** The recommended flow (processing-api.md): notified when finished, then one status read. */
  treesNotifiedUnloaded: LoadResult;
  treesNotified: LoadResult;
  /** CPU per process over the loaded notified trees (each over when its notification arrived). */
  treesNotifiedUsage: ProcessUsage[];
  /** Messages, transactions and rows per loaded notified tree (counted, not timed). */
  treesNotifiedWork?: WorkPerUnit;
  kafka: LoadResult;
  /** The tree's messages and rows with bare kafkajs and pg in one process (baselines/bare-tree.ts). */
  bareTree: LoadResult;
  /** The bare tree's CPU per tree: the broker's, PostgreSQL's and the bench process's. */
  bareTreeCpuPerTreeMs: number;
  /** The stack left alone for `idleSeconds` after the loads (CPU and resident memory). */
  afterLoad: ProcessUsage[];
  scaled: LoadResult;
  scaledUsage: ProcessUsage[];
  scaledLoadGenerator: ProcessUsage;
  audits: Record<string, PaymentAudit>;
  /** The notifier's CPU while REFUSED_DELIVERIES wait for an endpoint that refuses connections. */
  refusedDeliveries: ProcessUsage[];
}

const row = (r: LoadResult) =>
  `| ${r.name} | ${r.concurrency || 'open loop'} | ${r.perSecond.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${r.completed} | ${r.failed} |`;

const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
const x = (n: number) => `${n.toFixed(2)}x`;
const mark = (ok: boolean) => (ok ? 'met' : '**not met**');
const SERVICE = /^(api-gateway|users-recurring|payments|payouts|notifier|processing-orchestrator)$/;

/** The issue's targets, each with this run's figure. */
function targetLines(f: BenchFigures): string[] {
  const cpuPerCharge = totalCpuMs(f.cardUsage) / f.card.completed;
  const idleShare = totalCpuMs(f.idle) / (f.idleSeconds * 1000);
  const idleAfterShare = totalCpuMs(f.afterLoad) / (f.idleSeconds * 1000);
  const services = (usage: ProcessUsage[]) => usage.filter((u) => SERVICE.test(u.name));
  const maxIdleRss = Math.max(...services(f.idle).map((u) => u.rssMiB));
  const maxRssAfter = Math.max(...services(f.afterLoad).map((u) => u.rssMiB));
  const pgShare = ratio(f.card.perSecond, f.pg.perSecond);
  const refusedShare = totalCpuMs(f.refusedDeliveries) / (REFUSED_SECONDS * 1000);
  return [
    '| target | this run | |',
    '|---|---|---|',
    `| card throughput >= 0.3x the pg baseline | ${x(pgShare)} | ${mark(pgShare >= 0.3)} |`,
    `| card p99 <= 100 ms at half that load | ${f.cardHalfLoad.p99Ms.toFixed(1)} ms | ${mark(f.cardHalfLoad.p99Ms <= 100)} |`,
    `| CPU per charge, all processes, <= 8 ms | ${cpuPerCharge.toFixed(1)} ms | ${mark(cpuPerCharge <= 8)} |`,
    `| one unloaded charge p50 <= 15 ms | ${f.cardUnloaded.p50Ms.toFixed(1)} ms | ${mark(f.cardUnloaded.p50Ms <= 15)} |`,
    `| tree p50 unloaded <= 60 ms, polling every 5 ms | ${f.treesUnloaded.p50Ms.toFixed(1)} ms | ${mark(f.treesUnloaded.p50Ms <= 60)} |`,
    `| tree p50 unloaded <= 60 ms, notified | ${f.treesNotifiedUnloaded.p50Ms.toFixed(1)} ms | ${mark(f.treesNotifiedUnloaded.p50Ms <= 60)} |`,
    `| >= 100 trees/s sustained, polling every 5 ms | ${f.trees.perSecond.toFixed(1)} | ${mark(f.trees.perSecond >= 100)} |`,
    `| >= 100 trees/s sustained, notified | ${f.treesNotified.perSecond.toFixed(1)} | ${mark(f.treesNotified.perSecond >= 100)} |`,
    `| idle stack <= 5% of one core, after the start | ${(idleShare * 100).toFixed(1)}% | ${mark(idleShare <= 0.05)} |`,
    `| idle stack <= 5% of one core, after the load | ${(idleAfterShare * 100).toFixed(1)}% | ${mark(idleAfterShare <= 0.05)} |`,
    `| every service <= 150 MB RSS idle | max ${maxIdleRss.toFixed(0)} MiB | ${mark(maxIdleRss <= 150)} |`,
    `| every service <= 250 MB RSS after the load | max ${maxRssAfter.toFixed(0)} MiB | ${mark(maxRssAfter <= 250)} |`,
    `| ${REFUSED_DELIVERIES.toLocaleString('en')} pending deliveries to a refusing endpoint: notifier <= 2% of a core | ${(refusedShare * 100).toFixed(2)}% | ${mark(refusedShare <= 0.02)} |`,
  ];
}

/**
 * Whether the open loop at half the throughput was half the load: what a charge cost there against
 * the closed loop, how busy the machine's cores were, and what the same bare request cost at both
 * rates (a machine that wakes its processes dearly charges more CPU for the same work at a lower
 * rate; docs/benchmarks.md, method: reading the figures).
 */
function halfLoadLine(f: BenchFigures): string {
  const closed = totalCpuMs(f.cardUsage) / f.card.completed;
  const half = totalCpuMs(f.cardHalfLoadUsage) / f.cardHalfLoad.completed;
  const window = f.cardHalfLoadBusy;
  const busyMs = totalCpuMs(window.usage) + window.loadGenerator.cpuMs;
  const busy = busyMs / (window.seconds * 1000 * os.cpus().length);
  return (
    `- At half the throughput a charge took ${half.toFixed(1)} ms of CPU, ${x(ratio(half, closed))} the closed loop's, ` +
    `and the machine's ${os.cpus().length} cores were ${(busy * 100).toFixed(0)}% busy (load generator included). ` +
    `A bare HTTP request cost its server ${(f.bareAtRateCpuPerRequestMs * 1000).toFixed(0)} µs of CPU at ` +
    `${f.bareAtRate.perSecond.toFixed(0)}/s and ${(f.bareCpuPerRequestMs * 1000).toFixed(0)} µs at concurrency ` +
    `${f.bare.concurrency}: ${x(ratio(f.bareAtRateCpuPerRequestMs, f.bareCpuPerRequestMs))} for the same work.`
  );
}

/** The trees against what their hops and rows cost bare on this machine (baselines/bare-tree.ts). */
function bareTreeLine(f: BenchFigures): string {
  const cpuPerTree = totalCpuMs(f.treesNotifiedUsage) / f.treesNotified.completed;
  return (
    `- Bare trees (the same 26 messages and the rows a tree needs, bare kafkajs and pg in one process: ` +
    `no HTTP, envelopes, validation, inbox or outbox): ${f.bareTree.perSecond.toFixed(1)} trees/s at concurrency ` +
    `${f.bareTree.concurrency}, ${f.bareTreeCpuPerTreeMs.toFixed(1)} ms of CPU per tree (the broker, PostgreSQL and ` +
    `its process). The notified trees did ${x(ratio(f.treesNotified.perSecond, f.bareTree.perSecond))} of its ` +
    `throughput at ${x(ratio(cpuPerTree, f.bareTreeCpuPerTreeMs))} its CPU per tree; 100 trees/s is ` +
    `${x(ratio(100, f.bareTree.perSecond))} of it.`
  );
}

function usageTable(f: BenchFigures): string[] {
  const names = f.cardUsage.map((u) => u.name);
  const by = (usage: ProcessUsage[], name: string) => usage.find((u) => u.name === name);
  const perTree = (cpuMs: number) => cpuMs / f.treesNotified.completed;
  const perHalfLoadCharge = (cpuMs: number) => cpuMs / f.cardHalfLoad.completed;
  return [
    '| process | CPU ms per charge | CPU ms per charge, half the throughput | CPU ms per charge, scaled out | CPU ms per tree, notified | idle, % of a core | idle after load, % of a core | RSS idle MiB | RSS after load MiB |',
    '|---|---|---|---|---|---|---|---|---|',
    ...names.map((name) => {
      const cells = [
        (by(f.cardUsage, name)?.cpuMs ?? 0) / f.card.completed,
        perHalfLoadCharge(by(f.cardHalfLoadUsage, name)?.cpuMs ?? 0),
        (by(f.scaledUsage, name)?.cpuMs ?? 0) / f.scaled.completed,
        perTree(by(f.treesNotifiedUsage, name)?.cpuMs ?? 0),
        ((by(f.idle, name)?.cpuMs ?? 0) / (f.idleSeconds * 1000)) * 100,
        ((by(f.afterLoad, name)?.cpuMs ?? 0) / (f.idleSeconds * 1000)) * 100,
      ].map((n) => n.toFixed(2));
      return `| ${name} | ${cells.join(' | ')} | ${(by(f.idle, name)?.rssMiB ?? 0).toFixed(0)} | ${(by(f.afterLoad, name)?.rssMiB ?? 0).toFixed(0)} |`;
    }),
    `| **all** | ${(totalCpuMs(f.cardUsage) / f.card.completed).toFixed(2)} | ${perHalfLoadCharge(totalCpuMs(f.cardHalfLoadUsage)).toFixed(2)} | ${(totalCpuMs(f.scaledUsage) / f.scaled.completed).toFixed(2)} | ${perTree(totalCpuMs(f.treesNotifiedUsage)).toFixed(2)} | ${((totalCpuMs(f.idle) / (f.idleSeconds * 1000)) * 100).toFixed(2)} | ${((totalCpuMs(f.afterLoad) / (f.idleSeconds * 1000)) * 100).toFixed(2)} | | |`,
    `| ${f.cardLoadGenerator.name} | ${(f.cardLoadGenerator.cpuMs / f.card.completed).toFixed(2)} | ${perHalfLoadCharge(f.cardHalfLoadGenerator.cpuMs).toFixed(2)} | ${(f.scaledLoadGenerator.cpuMs / f.scaled.completed).toFixed(2)} | | | | | |`,
  ];
}

/**
 * What a charge and a tree made the system do, counted: messages per topic, and per database the
 * transactions committed and the rows inserted, updated and deleted.
 */
export function workTable(charge?: WorkPerUnit, tree?: WorkPerUnit): string[] {
  const topics = [
    ...new Set([...(charge?.messages ?? []), ...(tree?.messages ?? [])].map((m) => m.topic)),
  ].sort();
  const databases = [
    ...new Set([...(charge?.databases ?? []), ...(tree?.databases ?? [])].map((d) => d.database)),
  ].sort();
  const figure = (n: number | undefined) => (n === undefined ? '0' : n.toFixed(2));
  const message = (work: WorkPerUnit | undefined, topic: string) =>
    figure(work?.messages.find((m) => m.topic === topic)?.perUnit);
  const total = (work: WorkPerUnit | undefined) =>
    figure(work?.messages.reduce((sum, m) => sum + m.perUnit, 0));
  const database = (work: WorkPerUnit | undefined, name: string) => {
    const d = work?.databases.find((entry) => entry.database === name);
    return `${figure(d?.transactions)} / ${figure(d?.inserted)} / ${figure(d?.updated)} / ${figure(d?.deleted)}`;
  };
  return [
    '| counted | per charge | per tree, notified |',
    '|---|---|---|',
    ...topics.map((t) => `| messages on ${t} | ${message(charge, t)} | ${message(tree, t)} |`),
    `| **messages, all topics** | ${total(charge)} | ${total(tree)} |`,
    ...databases.map(
      (d) =>
        `| ${d} database: transactions / rows inserted / updated / deleted | ${database(charge, d)} | ${database(tree, d)} |`,
    ),
  ];
}

/**
 * The results as Markdown, printed and written to docs/benchmarks.md below its marker (the text
 * above the marker is the hand-written method). Ratios are against baselines of the same run.
 */
export function writeReport(
  f: BenchFigures,
  settings: {
    concurrency: number;
    treeConcurrency: number;
    seconds: number;
    warmupSeconds: number;
  },
): string {
  const perLevelMs = f.treesUnloaded.p50Ms / 3;
  const lines = [
    `Run ${new Date().toISOString()} on ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.type()} ${os.release()}; ` +
      `${settings.warmupSeconds} s of charges before the card scenarios and of trees before the tree scenarios, ` +
      `then ${settings.seconds} s per scenario after a 2 s warm-up; load generator on the same machine.`,
    '',
    '| scenario | concurrency | per second | p50 ms | p99 ms | completed | failed |',
    '|---|---|---|---|---|---|---|',
    ...[
      f.cardUnloaded,
      f.card,
      f.cardHalfLoad,
      f.scaled,
      f.pg,
      f.bare,
      f.bareAtRate,
      f.treesUnloaded,
      f.trees,
      f.treesNotifiedUnloaded,
      f.treesNotified,
      f.kafka,
      f.bareTree,
    ].map(row),
    '',
    `- Card payments: ${x(ratio(f.card.perSecond, f.pg.perSecond))} of the pg baseline's throughput and ` +
      `${x(ratio(f.card.perSecond, f.bare.perSecond))} of the bare HTTP server's; p50 latency ` +
      `${x(ratio(f.card.p50Ms, f.pg.p50Ms))} the pg baseline's and ${x(ratio(f.card.p50Ms, f.bare.p50Ms))} the bare server's. ` +
      `Scaled out (2 gateways, 2 payments): ${x(ratio(f.scaled.perSecond, f.card.perSecond))} the one-instance throughput.`,
    halfLoadLine(f),
    `- Processing trees: ${f.trees.perSecond.toFixed(1)} trees/s; unloaded p50 POST-to-FINISHED ${f.treesUnloaded.p50Ms.toFixed(0)} ms, ` +
      `i.e. ${perLevelMs.toFixed(1)} ms per level = ${x(ratio(perLevelMs, f.kafka.p50Ms))} a bare kafkajs round trip ` +
      `(p50 ${f.kafka.p50Ms.toFixed(1)} ms). A level is at least two hops (command out, result back). ` +
      `Notified (the recommended flow): ${f.treesNotified.perSecond.toFixed(1)} trees/s, unloaded p50 ` +
      `${f.treesNotifiedUnloaded.p50Ms.toFixed(0)} ms from the POST to the status read after the notification.`,
    bareTreeLine(f),
    `- Correctness: ${Object.entries(f.audits)
      .map(
        ([name, a]) =>
          `${name}: ${a.paymentsFound} payments found, ${a.lost.length} lost, ${a.duplicated.length} duplicated`,
      )
      .join('; ')}.`,
    '',
    "CPU (user + system, from /proc) and resident memory per process; a charge's CPU includes the work it",
    'leaves behind (relays, status consumers, the callback delivery to a receiver that answers 200), a',
    "tree's the loaded notified trees' (each over when its notification arrived):",
    '',
    ...usageTable(f),
    '',
    'What a charge (the closed loop at concurrency 16) and a tree (the loaded notified trees) made the',
    "system do, counted from the broker's end offsets and PostgreSQL's statistics: messages and rows",
    'do not move with the machine, transactions only with how much a batch gathers:',
    '',
    ...workTable(f.cardWork, f.treesNotifiedWork),
    '',
    'Targets (issue: performance):',
    '',
    ...targetLines(f),
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
