import type {
  ProcessingAnswerV2,
  ProcessingResponseV1,
  TaskTransactionV2,
  ThreeDsChallengeV1,
} from '@opp/contracts';
import {
  toAcs,
  toAuthenticateResponse,
  toChargeResponse,
} from '../../card/interface/card-responses';
import {
  toReversalResponse,
  toTransactionStatusResponse,
} from '../../transaction/interface/transaction-responses';

type Json = Record<string, unknown>;

/** The lists of a task node that hold its children (processing-api.md). */
const CHILD_LISTS = ['success', 'fail', 'always'] as const;

/**
 * A task's transaction as the partner reads it in the task's `data`: the fields of the merchant
 * answer of the same operation, from the same renderer (ADR 0031, ADR 0031).
 */
export function renderTaskTransaction(output: TaskTransactionV2, publicGatewayUrl: string): Json {
  switch (output.operation) {
    case 'charge':
      return toChargeResponse(output.record, publicGatewayUrl);
    case 'authenticate':
      return toAuthenticateResponse(output.record);
    case 'reversal':
      return toReversalResponse(output.record);
    case 'status':
      return toTransactionStatusResponse(output.record);
  }
}

/** `result.interactive` of a request waiting for 3-D Secure: a POST to the challenge page. */
export function renderInteractive(challenge: ThreeDsChallengeV1, publicGatewayUrl: string): Json {
  const acs = toAcs(challenge, publicGatewayUrl);
  return jsonbOrdered({
    type: 'REDIRECT',
    uri: acs.url,
    method: 'POST',
    parameters: acs.parameters,
  });
}

const byJsonbKey = ([a]: [string, unknown], [b]: [string, unknown]): number =>
  Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * Task outputs have always reached partners through the orchestrator's jsonb columns, so their
 * objects list their keys as PostgreSQL orders jsonb keys: shorter first, then bytewise. The
 * rendering keeps that order, so the answers stay byte-identical (ADR 0031).
 */
export function jsonbOrdered<T>(value: T): T {
  if (Array.isArray(value)) return value.map(jsonbOrdered) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(byJsonbKey);
  return Object.fromEntries(entries.map(([k, v]) => [k, jsonbOrdered(v)])) as T;
}

/**
 * The Response object a partner reads, from the orchestrator's answer (ADR 0031): each task's
 * transactions rendered in order and merged into its `data` (a later answer overwrites the fields
 * it shares with an earlier one, as a charge finished after 3-D Secure does), then whatever `data`
 * the task had (a refusal's `error`), placed after the task's `result`; and the redirect of the
 * task the request waits for, at the end of `result`. Both in jsonb key order (`jsonbOrdered`).
 */
export function renderProcessingAnswer(
  answer: ProcessingAnswerV2,
  publicGatewayUrl: string,
): ProcessingResponseV1 {
  const byTask = new Map(answer.tasks.map((t) => [t.taskId, t.transactions]));
  const response = answer.response as Json & { result?: Json; payload?: Json };
  const rendered: Json = { ...response };
  if (answer.challenge && response.result && !('interactive' in response.result)) {
    rendered.result = {
      ...response.result,
      interactive: renderInteractive(answer.challenge, publicGatewayUrl),
    };
  }
  const tasks = response.payload?.tasks;
  if (byTask.size > 0 && Array.isArray(tasks)) {
    const renderNode = (node: Json): Json => {
      const transactions = byTask.get(node.id as string);
      const data =
        transactions &&
        jsonbOrdered({
          ...transactions.reduce<Json>(
            (merged, t) => ({ ...merged, ...renderTaskTransaction(t, publicGatewayUrl) }),
            {},
          ),
          ...((node.data as Json | undefined) ?? {}),
        });
      const out: Json = {};
      for (const [key, value] of Object.entries(node)) {
        if (key === 'data' && data) continue;
        out[key] = (CHILD_LISTS as readonly string[]).includes(key)
          ? (value as Json[]).map(renderNode)
          : value;
        if (key === 'result' && data) out.data = data;
      }
      return out;
    };
    rendered.payload = { ...response.payload, tasks: (tasks as Json[]).map(renderNode) };
  }
  return rendered;
}
