import { performance } from 'node:perf_hooks';
import { signPartnerPayload } from '@opp/signature';
import { AdminClient } from '@opp/testing';
import { httpRequest, jsonOf } from './http-client';
import { runLoad, type LoadResult } from './load';
import type { ProcessUsage, UsageMeter } from './process-usage';
import type { WorkCounter, WorkPerUnit } from './work-counts';
import { startNotificationReceiver, type NotificationReceiver } from './notification-receiver';

type Partner = { identifier: string; secret: string };

const resolve = (id: string, children: unknown[] = []) => ({
  type: 'user.resolve',
  payload: { identifier: id, ip: '203.0.113.20' },
  ...(children.length ? { success: children } : {}),
});

/**
 * Three levels, seven fast tasks (user.resolve: one Kafka command and result each); the bare tree
 * baseline does the same tasks (baselines/bare-tree.ts).
 */
export const benchTree = (n: string) => [
  resolve(`${n}-a`, [
    resolve(`${n}-b`, [resolve(`${n}-d`), resolve(`${n}-e`)]),
    resolve(`${n}-c`, [resolve(`${n}-f`), resolve(`${n}-g`)]),
  ]),
];

/**
 * Trees per second under load, and the time from POST /processing to the status reading FINISHED,
 * unloaded (one tree at a time) and under load. `warmupSeconds` of notified trees at the loaded
 * concurrency come first: the card scenarios before leave the tree paths of the orchestrator and
 * users-recurring cold. With a `meter`, the loaded notified trees are measured with it: a tree is
 * over when its notification arrived, so their CPU is the trees' whole cost. With a `counter`, they
 * are also counted: messages, transactions and rows per tree.
 */
export async function runProcessingScenarios(
  gatewayUrl: string,
  options: {
    concurrency: number;
    seconds: number;
    warmupSeconds?: number;
    meter?: UsageMeter;
    counter?: WorkCounter;
  },
): Promise<ProcessingResults> {
  const admin = new AdminClient(gatewayUrl);
  const project = await admin.createProject({ name: 'Bench partner shop' });
  const partner = await admin.createPartner(project.id, `bench-partner-${Date.now().toString(36)}`);
  await eventuallyAccepted(gatewayUrl, partner);
  // No long digit runs in the names: a Luhn-valid run of 13-19 digits (a millisecond timestamp is
  // one in ten) is sealed as card data at the edge (ADR 0064), and its user.resolve task then fails.
  const tree = (worker: number, i: number) =>
    submitAndFinish(gatewayUrl, partner, `t${worker}-${i}-${Date.now().toString(36)}`);
  const receiver = await startNotificationReceiver();
  try {
    const notified = (worker: number, i: number) =>
      submitAndHearBack(
        gatewayUrl,
        partner,
        receiver,
        `n${worker}-${i}-${Date.now().toString(36)}`,
      );
    if (options.warmupSeconds) {
      await runLoad('trees (warm-up)', notified, {
        concurrency: options.concurrency,
        seconds: options.warmupSeconds,
        warmupSeconds: 0,
      });
    }
    const unloaded = await runLoad('POST /processing to FINISHED, one at a time', tree, {
      concurrency: 1,
      seconds: Math.min(10, options.seconds),
    });
    // Each scenario after the first warm-up has the usual 2 s of its own (runLoad's default).
    const load = { concurrency: options.concurrency, seconds: options.seconds };
    const loaded = await runLoad('POST /processing to FINISHED (3 levels, 7 tasks)', tree, load);
    const notifiedUnloaded = await runLoad(
      'POST /processing, notified, then one status read, one at a time',
      notified,
      { concurrency: 1, seconds: Math.min(10, options.seconds) },
    );
    // The warm-up apart, so that the meter sees only the trees counted.
    await runLoad('trees (warm-up)', notified, { ...load, seconds: 2, warmupSeconds: 0 });
    const notifiedLoad = () =>
      runLoad('POST /processing, notified, then one status read (3 levels, 7 tasks)', notified, {
        ...load,
        warmupSeconds: 0,
      });
    const { meter, counter } = options;
    const timed = async () =>
      meter ? meter.measure(notifiedLoad) : { result: await notifiedLoad(), usage: undefined };
    const counted = counter
      ? await counter.measure(timed, (measured) => measured.result.completed)
      : undefined;
    const measured = counted ? counted.result : await timed();
    return {
      unloaded,
      loaded,
      notifiedUnloaded,
      notifiedLoaded: measured.result,
      notifiedUsage: measured.usage,
      notifiedWork: counted?.work,
    };
  } finally {
    await receiver.close();
  }
}

/**
 * Both flows of processing-api.md: a partner polling the status every 5 ms until FINISHED, and the
 * recommended one, where the request names a notification target and the partner reads the status
 * once, when notified.
 */
export interface ProcessingResults {
  unloaded: LoadResult;
  loaded: LoadResult;
  notifiedUnloaded: LoadResult;
  notifiedLoaded: LoadResult;
  /** CPU per process over the loaded notified trees, when measured. */
  notifiedUsage?: ProcessUsage[];
  /** Messages, transactions and rows per loaded notified tree, when counted. */
  notifiedWork?: WorkPerUnit;
}

/** The recommended flow: submit with a notification target, wait for it, read the status once. */
async function submitAndHearBack(
  gatewayUrl: string,
  partner: Partner,
  receiver: NotificationReceiver,
  name: string,
): Promise<void> {
  const target = { type: 'URL', uri: receiver.url, method: 'POST' };
  const globalId = await submit(gatewayUrl, partner, name, [target]);
  await receiver.finished(globalId, 30_000);
  const answer = await readStatus(gatewayUrl, partner, globalId);
  if (answer.result.status !== 'FINISHED') throw new Error('notified before FINISHED');
  if (answer.result.code !== 0) throw new Error('a task did not succeed');
}

async function submitAndFinish(gatewayUrl: string, partner: Partner, name: string): Promise<void> {
  const globalId = await submit(gatewayUrl, partner, name, []);
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const answer = await readStatus(gatewayUrl, partner, globalId);
    if (answer.result.status === 'FINISHED') {
      if (answer.result.code !== 0) throw new Error('a task did not succeed');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('tree not finished in 30 s');
}

/** POST /processing of the bench's tree; answers its GlobalId. */
export async function submit(
  gatewayUrl: string,
  partner: Partner,
  name: string,
  notify: readonly { type: string; uri: string; method: string }[],
): Promise<string> {
  const body = JSON.stringify({
    header: {
      request: { id: name, date: new Date().toISOString() },
      ...(notify.length ? { service: { result: notify } } : {}),
    },
    payload: { partner: { identifier: partner.identifier }, tasks: benchTree(name) },
  });
  const submitted = await httpRequest(`${gatewayUrl}/processing`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-opp-signature': signPartnerPayload(partner.secret, body),
    },
    body,
  });
  if (submitted.status !== 200) throw new Error(`submit answered ${submitted.status}`);
  const { header } = jsonOf(submitted) as { header: { response: { globalId: string } } };
  return header.response.globalId;
}

export async function readStatus(
  gatewayUrl: string,
  partner: Partner,
  globalId: string,
): Promise<{ result: { status: string; code: number } }> {
  const status = await httpRequest(`${gatewayUrl}/processing/status/${globalId}`, {
    headers: {
      'x-opp-partner': partner.identifier,
      'x-opp-signature': signPartnerPayload(partner.secret, globalId),
    },
  });
  return jsonOf(status) as { result: { status: string; code: number } };
}

/** The orchestrator learns new projects from their snapshot: retry the first tree until accepted. */
export async function eventuallyAccepted(gatewayUrl: string, partner: Partner): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await submitAndFinish(gatewayUrl, partner, `warm-${attempt}`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('the orchestrator never accepted the benchmark partner');
}
