import 'reflect-metadata';
import { startBareSignedServer } from './baselines/bare-http-server';
import { startKafkaRoundTrip } from './baselines/kafka-round-trip';
import { pgChargeWrites } from './baselines/pg-charge-writes';
import { startBenchStack } from './bench-stack';
import { runCardScenario } from './card-scenario';
import { runLoad, type LoadResult } from './load';
import { runProcessingScenario } from './processing-scenario';
import { writeReport } from './report';
import { postSignedForm } from './signed-form';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TREE_CONCURRENCY = Number(process.env.BENCH_TREE_CONCURRENCY ?? 8);

/**
 * `npm run bench`: each scenario and its baselines in one run on this machine, so the figures are
 * read as ratios. Never part of `npm test`.
 */
async function main(): Promise<void> {
  const log = (line: string) => console.log(`[bench] ${line}`);
  log('starting a broker and the services of the scenarios ...');
  const bench = await startBenchStack(log);
  const results: Record<string, LoadResult> = {};
  try {
    const gateway = bench.stack.gatewayUrl!;
    const load = { concurrency: CONCURRENCY, seconds: SECONDS };

    log('card payments through the gateway ...');
    results.card = await runCardScenario(gateway, load);

    log('baseline: the same database writes with pg ...');
    const pg = pgChargeWrites(bench.baselineDatabaseUrl, CONCURRENCY);
    results.pg = await runLoad(
      'pg: one charge transaction (same rows)',
      (_w, i) => pg.charge(i),
      load,
    );
    await pg.close();

    log('baseline: a bare Node HTTP server checking the signature ...');
    const keys = { publicKey: 'pk_bench', privateKey: 'sk_bench' };
    const bare = await startBareSignedServer(keys.privateKey);
    results.bare = await runLoad(
      'node:http: parse form, check D3 signature, answer JSON',
      async (_w, i) =>
        void (await postSignedForm(`${bare.url}/v1/card/process`, keys, { i, price: '10.00' })),
      load,
    );
    await bare.close();

    log('processing trees ...');
    results.trees = await runProcessingScenario(gateway, {
      concurrency: TREE_CONCURRENCY,
      seconds: SECONDS,
    });

    log('baseline: bare kafkajs produce-to-consume round trip ...');
    const kafka = await startKafkaRoundTrip(bench.broker.brokers);
    results.kafka = await runLoad('kafkajs round trip (one at a time)', () => kafka.roundTrip(), {
      concurrency: 1,
      seconds: 10,
    });
    await kafka.close();
  } finally {
    await bench.stop();
  }
  const report = writeReport(results, {
    concurrency: CONCURRENCY,
    treeConcurrency: TREE_CONCURRENCY,
    seconds: SECONDS,
  });
  console.log(`\n${report}`);
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error);
  process.exit(1);
});
