import { Client } from 'pg';
import { AdminClient } from '@opp/testing';
import { httpRequest, jsonOf } from './http-client';
import { runLoad, type LoadResult } from './load';
import { postSignedForm } from './signed-form';

/** A payment with this many partial reversals makes a trace of well over 20 steps. */
const REVERSALS = 3;
const MIN_STEPS = 20;

export interface TraceScenarioResult {
  transactionId: number;
  steps: number;
  load: LoadResult;
}

/**
 * The money trace's latency (ADR 0066): one payment with partial reversals and their callbacks (a
 * trace of 20 steps or more: requests, messages, states, journal entries, delivery attempts), then
 * `GET /admin/v1/trace/transactions/:id` from `concurrency` admins for `seconds`: p50 and p99.
 * The target is a p99 under 200 ms.
 */
export async function runTraceScenario(
  gatewayUrl: string,
  callbackUrl: string,
  options: { concurrency: number; seconds: number; warmupSeconds?: number },
): Promise<TraceScenarioResult> {
  const admin = new AdminClient(gatewayUrl);
  const keys = await admin.createProject({
    name: 'Bench traced shop',
    callbackUrl,
    settings: { feePercent: '0', feeFixed: '0' },
  });
  const user = (await postSignedForm(`${gatewayUrl}/v1/user/resolve`, keys, {
    identifier: 'bench-traced-user',
    ip: '203.0.113.11',
  })) as { id: string };
  const charge = { user: user.id, price: '40.00', currency: 'EUR', description: 'Traced charge' };
  const card = {
    number: '4242424242424242',
    expiration_month: '12',
    expiration_year: '2030',
    security_code: '123',
  };
  let payment: { id: number; status: string } | undefined;
  // A new project reaches payments through its snapshot: retry until it has.
  for (let attempt = 0; !payment && attempt < 100; attempt++) {
    payment = (await postSignedForm(`${gatewayUrl}/v1/card/process`, keys, {
      ...charge,
      card,
      order_id: `bench-trace-${Date.now().toString(36)}-${attempt}`,
    }).catch(() => undefined)) as { id: number; status: string } | undefined;
    if (!payment) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (payment?.status !== 'completed') throw new Error('the traced payment did not complete');
  for (let i = 0; i < REVERSALS; i++) {
    await postSignedForm(`${gatewayUrl}/v1/transaction/reverse`, keys, {
      id: payment.id,
      amount: '1.00',
      comment: `bench reversal ${i}`,
    });
  }
  const url = `${admin.baseUrl}/admin/v1/trace/transactions/${payment.id}`;
  const fetchTrace = async () => {
    const answer = await httpRequest(url, { headers: { authorization: `Bearer ${admin.token}` } });
    if (answer.status !== 200) throw new Error(`trace answered ${answer.status}`);
    return jsonOf(answer) as { steps: unknown[]; missing: unknown[] };
  };
  let steps = 0;
  for (let attempt = 0; attempt < 150 && steps < MIN_STEPS; attempt++) {
    steps = (await fetchTrace()).steps.length;
    if (steps < MIN_STEPS) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (steps < MIN_STEPS) throw new Error(`the trace has ${steps} steps, fewer than ${MIN_STEPS}`);
  const load = await runLoad(
    'trace',
    async () => {
      const trace = await fetchTrace();
      if (trace.missing.length > 0) throw new Error('a part of the trace was missing');
    },
    options,
  );
  return { transactionId: payment.id, steps, load };
}

/** What the trace recorded on a stack (ADR 0066): zero of each when TRACE_RECORDING=off. */
export interface TraceRecords {
  /** payments: rows the status-history trigger wrote. */
  states: number;
  /** api-gateway: messages the recorder kept. */
  messages: number;
  /** api-gateway: signed requests stored with their trace facts. */
  requests: number;
}

/** Counts the trace's own rows in a stack's databases: the proof that the switch took. */
export async function countTraceRecords(databaseUrls: {
  payments?: string;
  'api-gateway'?: string;
}): Promise<TraceRecords> {
  const count = async (url: string | undefined, sql: string): Promise<number> => {
    if (!url) return 0;
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(sql);
      return Number(rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  };
  const gateway = databaseUrls['api-gateway'];
  return {
    states: await count(databaseUrls.payments, 'SELECT count(*) AS n FROM status_history'),
    messages: await count(gateway, 'SELECT count(*) AS n FROM trace_messages'),
    requests: await count(
      gateway,
      'SELECT count(*) AS n FROM signed_requests WHERE method IS NOT NULL',
    ),
  };
}
