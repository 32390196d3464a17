import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { forkBareSignedServer } from './baselines/bare-http-server';
import { startBareTree } from './baselines/bare-tree';
import { startKafkaRoundTrip } from './baselines/kafka-round-trip';
import { pgChargeWrites } from './baselines/pg-charge-writes';
import { startBenchStack, type BenchStack } from './bench-stack';
import { startCallbackReceiver } from './callback-receiver';
import { CardShop } from './card-scenario';
import { runAtRate, runLoad, type LoadResult } from './load';
import { auditPayments, type PaymentAudit } from './payment-audit';
import { runProcessingScenarios } from './processing-scenario';
import { totalCpuMs, UsageMeter, type BusyWindow, type ProcessUsage } from './process-usage';
import { refusedDeliveries, REFUSED_DELIVERIES } from './refused-deliveries';
import { writeReport, type BenchFigures } from './report';
import type { WorkCounter, WorkPerUnit } from './work-counts';
import { postSignedForm } from './signed-form';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TREE_CONCURRENCY = Number(process.env.BENCH_TREE_CONCURRENCY ?? 8);
/**
 * Load before the first measured scenario: a production broker and service run warm. Four seconds
 * into a load the broker's JIT compiler still took 59% of the broker's CPU, forty seconds in 40%
 * (docs/benchmarks.md), so a short warm-up measured the compilers, not the charges.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 30);
const IDLE_SECONDS = 10;
/**
 * Left alone this long before idle is read: the first ~15 s after a start (JIT compilation, consumer
 * groups joining) or after a load (the tail of its deliveries, V8's and the JVM's collections) cost
 * about twice the idle figure and are not idle.
 */
const IDLE_SETTLE_SECONDS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the callback receiver has had nothing new for a second (deliveries drained). */
async function settled(received: () => number): Promise<void> {
  let last = -1;
  for (let i = 0; i < 20 && received() !== last; i++) {
    last = received();
    await sleep(1000);
  }
}

/**
 * A closed-loop card load measured with its CPU: warm-up first, then the timed run and the work it
 * leaves behind (outbox relays, status consumers, callback deliveries), so CPU per charge is all of it.
 * With a counter, also what it made the system do per charge (messages, transactions, rows).
 */
async function measuredCardLoad(
  bench: BenchStack,
  shop: CardShop,
  name: string,
  received: () => number,
  counter?: WorkCounter,
): Promise<{
  result: LoadResult;
  usage: ProcessUsage[];
  loadGenerator: ProcessUsage;
  work?: WorkPerUnit;
}> {
  await shop.load(`${name} (warm-up)`, { concurrency: CONCURRENCY, seconds: 2 });
  await settled(received);
  const timed = () =>
    bench.meter().measure(async () => {
      const result = await shop.load(name, {
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        warmupSeconds: 0,
      });
      await settled(received);
      return result;
    });
  if (!counter) return timed();
  const { result, work } = await counter.measure(timed, (measured) => measured.result.completed);
  return { ...result, work };
}

/**
 * A window measured with its CPU and its length, so that the machine's busy share can be read: the
 * open loop at half the throughput is only half the load if a charge costs there what it costs in
 * the closed loop, which on a machine that wakes its processes dearly it does not.
 */
async function measuredWindow<T>(
  bench: BenchStack,
  during: () => Promise<T>,
): Promise<BusyWindow<T>> {
  const started = performance.now();
  const measured = await bench.meter().measure(during);
  return { ...measured, seconds: (performance.now() - started) / 1000 };
}

/**
 * The bare tree baseline (baselines/bare-tree.ts) at the trees' concurrency, after a warm-up and an
 * ANALYZE: its trees per second and its CPU per tree, the broker's, PostgreSQL's and this process's
 * (which runs it; the services, idle meanwhile, are left out). A tree left incomplete fails the
 * bench: a baseline that dropped work would flatter itself.
 */
async function measuredBareTree(
  bench: BenchStack,
): Promise<{ result: LoadResult; cpuPerTreeMs: number }> {
  const bare = await startBareTree(bench.broker.brokers, bench.baselineDatabaseUrl);
  try {
    const tree = () => bare.tree();
    const load = { concurrency: TREE_CONCURRENCY, seconds: SECONDS };
    await runLoad('bare tree (warm-up)', tree, { ...load, seconds: 5, warmupSeconds: 0 });
    await bare.analyze();
    const measured = await bench
      .meter()
      .measure(() => runLoad('bare tree: the same messages and rows, kafkajs + pg', tree, load));
    const audit = await bare.audit();
    if (audit.incomplete > 0) {
      throw new Error(`the bare tree left ${audit.incomplete} of ${audit.trees} trees incomplete`);
    }
    const system = measured.usage.filter(
      (u) => u.name === 'kafka broker' || u.name === 'postgresql',
    );
    const cpuMs = totalCpuMs(system) + measured.loadGenerator.cpuMs;
    return { result: measured.result, cpuPerTreeMs: cpuMs / measured.result.completed };
  } finally {
    await bare.close();
  }
}

/**
 * `npm run bench`: each scenario and its baselines in one run on this machine, so the figures are
 * read as ratios. Never part of `npm test`. Exits 1 when a card scenario lost or duplicated a payment.
 */
async function main(): Promise<void> {
  const log = (line: string) => console.log(`[bench] ${line}`);
  log('starting a broker and every service ...');
  const bench = await startBenchStack(log);
  const receiver = await startCallbackReceiver();
  const audits: Record<string, PaymentAudit> = {};
  let figures: BenchFigures;
  try {
    const gateway = bench.gatewayUrls()[0];
    const load = { concurrency: CONCURRENCY, seconds: SECONDS };
    const paymentsDb = bench.stack.databaseUrls.payments!;

    log(`idle stack for ${IDLE_SECONDS} s, ${IDLE_SETTLE_SECONDS} s after the start ...`);
    await sleep(IDLE_SETTLE_SECONDS * 1000);
    const idle = await bench.meter().measure(() => sleep(IDLE_SECONDS * 1000));

    log('card payments through the gateway ...');
    const shop = await CardShop.open([gateway], receiver.url, CONCURRENCY);
    log(`warming the stack up: ${WARMUP_SECONDS} s of charges at concurrency ${CONCURRENCY} ...`);
    await shop.load('warm-up', { concurrency: CONCURRENCY, seconds: WARMUP_SECONDS });
    await settled(receiver.received);
    const unloaded = await shop.load('POST /v1/card/process, one at a time', {
      concurrency: 1,
      seconds: Math.min(10, SECONDS),
    });
    const card = await measuredCardLoad(
      bench,
      shop,
      'POST /v1/card/process (gateway -> payments)',
      receiver.received,
      bench.work(),
    );
    const halfRate = card.result.perSecond / 2;
    // Measured twice: the load alone (how busy the machine was while it lasted) and with the work
    // it left behind (its CPU per charge, read as the closed loop's is).
    const half = await bench.meter().measure(async () => {
      const openLoop = await measuredWindow(bench, () =>
        shop.atRate(`POST /v1/card/process at ${halfRate.toFixed(0)}/s (half the throughput)`, {
          perSecond: halfRate,
          seconds: SECONDS,
        }),
      );
      await settled(receiver.received);
      return openLoop;
    });
    audits['one instance each'] = await auditPayments(
      paymentsDb,
      shop.orderPrefix,
      shop.completedOrders,
    );

    log('baseline: the same database writes with pg ...');
    const pg = pgChargeWrites(bench.baselineDatabaseUrl, CONCURRENCY);
    const pgResult = await runLoad(
      'pg: one charge transaction (same rows)',
      (_w, i) => pg.charge(i),
      load,
    );
    await pg.close();

    log('baseline: a bare Node HTTP server checking the signature ...');
    const keys = { publicKey: 'pk_bench', privateKey: 'sk_bench' };
    const bare = await forkBareSignedServer(keys.privateKey);
    const bareMeter = new UsageMeter([{ name: 'bare server', pids: () => [bare.pid] }]);
    const bareRequest = async (i: number) =>
      void (await postSignedForm(`${bare.url}/v1/card/process`, keys, { i, price: '10.00' }));
    const bareResult = await bareMeter.measure(() =>
      runLoad(
        'node:http: parse form, check ADR 0003 signature, answer JSON',
        (_w, i) => bareRequest(i),
        load,
      ),
    );
    // The same requests at the half-throughput scenario's rate: what the same work costs on this
    // machine when the process sleeps between requests (docs/benchmarks.md, method).
    const bareAtRate = await bareMeter.measure(() =>
      runAtRate(`node:http at ${halfRate.toFixed(0)}/s`, bareRequest, {
        perSecond: halfRate,
        seconds: SECONDS,
      }),
    );
    await bare.close();

    log('processing trees ...');
    const trees = await runProcessingScenarios(gateway, {
      concurrency: TREE_CONCURRENCY,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      meter: bench.meter(),
      counter: bench.work(),
    });

    log('baseline: bare kafkajs produce-to-consume round trip ...');
    const kafka = await startKafkaRoundTrip(bench.broker.brokers);
    const kafkaResult = await runLoad(
      'kafkajs round trip (one at a time)',
      () => kafka.roundTrip(),
      { concurrency: 1, seconds: 10 },
    );
    await kafka.close();

    log("baseline: the tree's messages and rows with bare kafkajs and pg ...");
    const bareTree = await measuredBareTree(bench);
    // The same stack left alone again, once the loads are over: its JIT-compiled and warmed steady
    // state, where the first idle reading still includes the services' and the broker's start.
    log(`idle stack after the load for ${IDLE_SECONDS} s, ${IDLE_SETTLE_SECONDS} s after it ...`);
    await sleep(IDLE_SETTLE_SECONDS * 1000);
    const afterLoad = await bench.meter().measure(() => sleep(IDLE_SECONDS * 1000));

    log('scale-out: two gateway and two payments instances ...');
    await bench.addInstance('api-gateway');
    await bench.addInstance('payments');
    const scaledShop = await CardShop.open(bench.gatewayUrls(), receiver.url, CONCURRENCY);
    const scaled = await measuredCardLoad(
      bench,
      scaledShop,
      'POST /v1/card/process, 2 gateways + 2 payments',
      receiver.received,
    );
    audits['two gateways, two payments'] = await auditPayments(
      paymentsDb,
      scaledShop.orderPrefix,
      scaledShop.completedOrders,
    );

    log(`${REFUSED_DELIVERIES} pending deliveries to an endpoint that refuses connections ...`);
    const refused = await refusedDeliveries(bench.stack.databaseUrls.notifier!, bench.meter());

    figures = {
      idle: idle.usage,
      idleSeconds: IDLE_SECONDS,
      card: card.result,
      cardUsage: card.usage,
      cardLoadGenerator: card.loadGenerator,
      cardWork: card.work,
      cardUnloaded: unloaded,
      cardHalfLoad: half.result.result,
      cardHalfLoadUsage: half.usage,
      cardHalfLoadGenerator: half.loadGenerator,
      cardHalfLoadBusy: half.result,
      pg: pgResult,
      bare: bareResult.result,
      bareCpuPerRequestMs: totalCpuMs(bareResult.usage) / bareResult.result.completed,
      bareAtRate: bareAtRate.result,
      bareAtRateCpuPerRequestMs: totalCpuMs(bareAtRate.usage) / bareAtRate.result.completed,
      treesUnloaded: trees.unloaded,
      trees: trees.loaded,
      treesNotifiedUnloaded: trees.notifiedUnloaded,
      treesNotified: trees.notifiedLoaded,
      treesNotifiedUsage: trees.notifiedUsage ?? [],
      treesNotifiedWork: trees.notifiedWork,
      kafka: kafkaResult,
      bareTree: bareTree.result,
      bareTreeCpuPerTreeMs: bareTree.cpuPerTreeMs,
      afterLoad: afterLoad.usage,
      scaled: scaled.result,
      scaledUsage: scaled.usage,
      scaledLoadGenerator: scaled.loadGenerator,
      audits,
      refusedDeliveries: refused,
    };
  } finally {
    await receiver.close();
    await bench.stop();
  }
  const report = writeReport(figures, {
    concurrency: CONCURRENCY,
    treeConcurrency: TREE_CONCURRENCY,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
  console.log(`\n${report}`);
  const broken = Object.entries(audits).filter(
    ([, a]) => a.lost.length > 0 || a.duplicated.length > 0,
  );
  if (broken.length > 0) {
    for (const [name, a] of broken) {
      console.error(
        `[bench] ${name}: lost ${a.lost.join(', ')}; duplicated ${a.duplicated.join(', ')}`,
      );
    }
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error);
  process.exit(1);
});
