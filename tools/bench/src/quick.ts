import 'reflect-metadata';
import { startBareTree } from './baselines/bare-tree';
import { pgChargeWrites } from './baselines/pg-charge-writes';
import { startBenchStack, type BenchStack } from './bench-stack';
import { startCallbackReceiver } from './callback-receiver';
import { CardShop } from './card-scenario';
import { runLoad } from './load';
import type { ProcessUsage } from './process-usage';
import { totalCpuMs } from './process-usage';
import { runProcessingScenarios } from './processing-scenario';
import { countTraceRecords, runTraceScenario, type TraceRecords } from './trace-scenario';

/** Shorter than the full bench's (main.ts): quick stays quick, and compares warm code. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);
/**
 * How long each measured load runs: short by default; longer (BENCH_SECONDS=20) when comparing two
 * checkouts on a noisy machine, where a few seconds' window moves by more than the change.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const perProcess = (usage: readonly ProcessUsage[], divisor: number): string =>
  usage.map((u) => `${u.name} ${(u.cpuMs / divisor).toFixed(2)}`).join(', ');

/** The pg baseline's charges per second at concurrency 16 (main.ts runs it for longer). */
async function pgBaseline(bench: BenchStack): Promise<number> {
  const pg = pgChargeWrites(bench.baselineDatabaseUrl, 16);
  try {
    const result = await runLoad(
      'pg: one charge transaction (same rows)',
      (_w, i) => pg.charge(i),
      { concurrency: 16, seconds: SECONDS },
    );
    return result.perSecond;
  } finally {
    await pg.close();
  }
}

/** The bare tree baseline at concurrency 8: trees per second and CPU per tree (main.ts). */
async function bareTreeBaseline(bench: BenchStack): Promise<{ perSecond: number; cpuMs: number }> {
  const bare = await startBareTree(bench.broker.brokers, bench.baselineDatabaseUrl);
  try {
    const tree = () => bare.tree();
    await runLoad('bare tree (warm-up)', tree, { concurrency: 8, seconds: 5, warmupSeconds: 0 });
    await bare.analyze();
    const measured = await bench
      .meter()
      .measure(() => runLoad('bare tree', tree, { concurrency: 8, seconds: SECONDS }));
    const system = measured.usage.filter(
      (u) => u.name === 'kafka broker' || u.name === 'postgresql',
    );
    const cpuMs = totalCpuMs(system) + measured.loadGenerator.cpuMs;
    return { perSecond: measured.result.perSecond, cpuMs: cpuMs / measured.result.completed };
  } finally {
    await bare.close();
  }
}

interface CardCpu {
  perSecond: number;
  failed: number;
  charges: number;
  cpuMs: number;
  perProcess: string;
  recorded: TraceRecords;
}

/**
 * The card load at concurrency 16 on a fresh bench stack whose services run with TRACE_RECORDING
 * as given (ADR 0066): charges per second, CPU per charge, and the trace's rows afterwards (none
 * when off, the proof that the switch took).
 */
async function cardCpuWithRecording(
  recording: 'on' | 'off',
  seconds: number,
  log: (line: string) => void,
): Promise<CardCpu> {
  // Every service reads it at start: they inherit the bench's environment (startService adds
  // each service's own variables to it).
  process.env.TRACE_RECORDING = recording;
  const bench = await startBenchStack(log);
  const receiver = await startCallbackReceiver();
  try {
    const shop = await CardShop.open(bench.gatewayUrls(), receiver.url, 16);
    await shop.load('warm-up', { concurrency: 16, seconds: WARMUP_SECONDS });
    const loaded = await bench.meter().measure(async () => {
      const result = await shop.load(`card c16, trace recording ${recording}`, {
        concurrency: 16,
        seconds,
        warmupSeconds: 0,
      });
      // The recorder is off the hot path: its share of these charges lands after the load.
      await sleep(2000);
      return result;
    });
    const charges = loaded.result.completed;
    return {
      perSecond: loaded.result.perSecond,
      failed: loaded.result.failed,
      charges,
      cpuMs: totalCpuMs(loaded.usage),
      perProcess: perProcess(loaded.usage, charges),
      recorded: await countTraceRecords(bench.stack.databaseUrls),
    };
  } finally {
    await receiver.close();
    await bench.stop();
  }
}

/**
 * `node dist/tools/bench/src/quick.js --trace-cpu`: what the money trace's recording costs a charge
 * (ADR 0066: the status-history trigger, the request facts in the replay guard's statement, the
 * message recorder): the card load on a stack with TRACE_RECORDING=on, then on a fresh one with
 * it off (the other way round every second round), BENCH_TRACE_CPU_ROUNDS times (default 1) for
 * BENCH_TRACE_CPU_SECONDS each (default 20); CPU per charge of each and the share the recording adds (the target is under 5 %). PostgreSQL's
 * CPU is every postgres process of the machine: run it on a machine that is otherwise idle.
 */
async function traceCpu(): Promise<void> {
  const log = (line: string) => console.log(`[quick] ${line}`);
  const rounds = Number(process.env.BENCH_TRACE_CPU_ROUNDS ?? 1);
  const seconds = Number(process.env.BENCH_TRACE_CPU_SECONDS ?? 20);
  const totals = { on: { cpuMs: 0, charges: 0 }, off: { cpuMs: 0, charges: 0 } };
  for (let round = 1; round <= rounds; round++) {
    // On then off, then off then on: the first stack after an idle machine, and any drift over the
    // session, land on both sides alike.
    const order = round % 2 === 1 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    for (const recording of order) {
      const run = await cardCpuWithRecording(recording, seconds, log);
      totals[recording].cpuMs += run.cpuMs;
      totals[recording].charges += run.charges;
      const { states, messages, requests } = run.recorded;
      log(
        `round ${round}, trace recording ${recording}: card c16 ${run.perSecond.toFixed(1)}/s, ` +
          `failed ${run.failed}; CPU per charge ${(run.cpuMs / run.charges).toFixed(2)} ms ` +
          `(${run.perProcess}); recorded ${states} states, ${messages} messages, ` +
          `${requests} requests`,
      );
    }
  }
  const on = totals.on.cpuMs / totals.on.charges;
  const off = totals.off.cpuMs / totals.off.charges;
  log(
    `summary: CPU per charge with the trace recording ${on.toFixed(2)} ms, without ` +
      `${off.toFixed(2)} ms; on/off ${(on / off).toFixed(3)}x, the recording adds ` +
      `${(((on - off) / off) * 100).toFixed(1)} % (target: under 5 %)`,
  );
}

/**
 * `npm run bench -- --quick`: the figures a change to the hot path moves, in about two minutes, for
 * comparing a branch with main during development. `npm run bench` stays the measure of record.
 * BENCH_LOG_LEVEL=debug keeps every service's SQL in .local/bench/logs. `--trace-cpu` measures
 * the money trace's recording instead (traceCpu above).
 */
async function main(): Promise<void> {
  const log = (line: string) => console.log(`[quick] ${line}`);
  const bench = await startBenchStack(log);
  const receiver = await startCallbackReceiver();
  try {
    const gateway = bench.gatewayUrls()[0];
    await sleep(3000);
    const idle = await bench.meter().measure(() => sleep(5000));
    log(
      `idle, % of a core: ${(totalCpuMs(idle.usage) / 50).toFixed(1)} (${perProcess(idle.usage, 50)})`,
    );

    const shop = await CardShop.open([gateway], receiver.url, 16);
    await shop.load('warm-up', { concurrency: 16, seconds: WARMUP_SECONDS });
    const unloaded = await shop.load('card unloaded', { concurrency: 1, seconds: 5 });
    log(`card unloaded p50 ${unloaded.p50Ms.toFixed(1)} ms, p99 ${unloaded.p99Ms.toFixed(1)} ms`);
    const loaded = await bench.meter().measure(async () => {
      const result = await shop.load('card c16', {
        concurrency: 16,
        seconds: SECONDS + 3,
        warmupSeconds: 0,
      });
      await sleep(2000);
      return result;
    });
    const charges = loaded.result.completed;
    log(
      `card c16 ${loaded.result.perSecond.toFixed(1)}/s, failed ${loaded.result.failed}; ` +
        `CPU per charge ${(totalCpuMs(loaded.usage) / charges).toFixed(1)} ms ` +
        `(${perProcess(loaded.usage, charges)}); ` +
        `load generator ${(loaded.loadGenerator.cpuMs / charges).toFixed(2)} ms, not in the sum`,
    );

    const pg = await pgBaseline(bench);
    const cardRatio = loaded.result.perSecond / pg;
    log(`pg baseline ${pg.toFixed(1)}/s; card x pg ${cardRatio.toFixed(3)}x`);

    const meter = bench.meter();
    const trees = await runProcessingScenarios(gateway, {
      concurrency: 8,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      meter,
    });
    const treesDone = trees.notifiedLoaded.completed;
    const treeCpu = totalCpuMs(trees.notifiedUsage ?? []) / treesDone;
    log(
      `tree polled: unloaded p50 ${trees.unloaded.p50Ms.toFixed(1)} ms; ` +
        `c8 ${trees.loaded.perSecond.toFixed(1)} trees/s, failed ${trees.loaded.failed}`,
    );
    log(
      `tree notified: unloaded p50 ${trees.notifiedUnloaded.p50Ms.toFixed(1)} ms; ` +
        `c8 ${trees.notifiedLoaded.perSecond.toFixed(1)} trees/s, failed ${trees.notifiedLoaded.failed}; ` +
        `CPU per tree ${treeCpu.toFixed(1)} ms (${perProcess(trees.notifiedUsage ?? [], treesDone)})`,
    );
    const bareTree = await bareTreeBaseline(bench);
    const treeRatio = trees.notifiedLoaded.perSecond / bareTree.perSecond;
    log(
      `bare tree ${bareTree.perSecond.toFixed(1)}/s at ${bareTree.cpuMs.toFixed(1)} ms a tree; ` +
        `notified trees x bare tree ${treeRatio.toFixed(3)}x`,
    );
    const cpuPerCharge = totalCpuMs(loaded.usage) / charges;
    log(
      `summary: card x pg ${cardRatio.toFixed(3)} | trees x bare ${treeRatio.toFixed(3)} | ` +
        `CPU/charge ${cpuPerCharge.toFixed(2)} ms | CPU/tree ${treeCpu.toFixed(2)} ms`,
    );

    const trace = await runTraceScenario(gateway, receiver.url, {
      concurrency: 4,
      seconds: 5,
      warmupSeconds: 1,
    });
    log(
      `money trace (${trace.steps} steps): p50 ${trace.load.p50Ms.toFixed(1)} ms, ` +
        `p99 ${trace.load.p99Ms.toFixed(1)} ms, ${trace.load.perSecond.toFixed(1)}/s at c4, ` +
        `failed ${trace.load.failed}`,
    );
  } finally {
    await receiver.close();
    await bench.stop();
  }
}

(process.argv.includes('--trace-cpu') ? traceCpu() : main()).catch((error: unknown) => {
  console.error('[quick] failed:', error);
  process.exit(1);
});
