/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- a Response object is read as loose JSON, like the tests that use this client */
import type { Stack } from '@opp/local-stack';
import {
  PartnerClient as SdkPartnerClient,
  type HttpAnswer as SdkAnswer,
  type PartnerNotification,
} from '@opp/sdk';
import { eventually } from '../eventually';
import { awaitProjectSnapshot } from '../stack-db';
import { AdminClient } from './admin-client';

/** JSON bodies as the tests read them: loosely typed on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface PartnerKeys {
  identifier: string;
  secret: string;
  projectId: number;
}

export interface HttpAnswer<T = Json> {
  status: number;
  contentType: string;
  data: T;
}

/**
 * A partner of the Task-Tree Processing API in a test, on the SDK's partner client (packages/sdk),
 * so every suite exercises its signing: never retries (tests assert on first answers) and never
 * throws on an HTTP status.
 */
export class PartnerClient {
  constructor(
    readonly baseUrl: string,
    readonly keys: PartnerKeys,
  ) {}

  request(
    tasks: unknown[],
    service: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ) {
    return {
      header: {
        request: {
          id: `req-${Math.random().toString(36).slice(2)}`,
          date: new Date().toISOString(),
        },
        service,
      },
      payload: {
        partner: { identifier: this.keys.identifier, ...extra },
        settings: { culture: 'en', userIp: '203.0.113.9' },
        tasks,
      },
    };
  }

  async submit(body: unknown, secret = this.keys.secret): Promise<HttpAnswer> {
    return answer(await this.sdk(this.keys.identifier, secret).raw.submit(body));
  }

  /**
   * Submits as a partner's SDK does by default: the 404 apology of an overloaded service is tried
   * again (3 tries in all), which the request id makes safe (ADR 0017).
   */
  async submitWithRetries(body: unknown): Promise<HttpAnswer> {
    const sdk = this.sdk(this.keys.identifier, this.keys.secret, 3);
    return answer(await sdk.raw.submit(body));
  }

  async status(globalId: string, as: PartnerKeys = this.keys): Promise<HttpAnswer> {
    return answer(await this.sdk(as.identifier, as.secret).raw.status(globalId));
  }

  /** The globalId of a notification the SDK verifies; throws when it does not. */
  verifyNotification(notification: PartnerNotification): string {
    return this.sdk(this.keys.identifier, this.keys.secret).verifyNotification(notification);
  }

  /** Polls the status until the request is FINISHED (or `until` holds). */
  async finished(globalId: string, timeoutMs = 30_000, until = 'FINISHED'): Promise<Json> {
    let last: HttpAnswer | undefined;
    await eventually(
      async () => {
        last = await this.status(globalId);
        return last.status === 200 && last.data.result.status === until;
      },
      `request ${globalId} ${until}`,
      timeoutMs,
      100,
    );
    return last!.data;
  }

  private sdk(identifier: string, secret: string, attempts = 1): SdkPartnerClient {
    return new SdkPartnerClient({
      baseUrl: this.baseUrl,
      identifier,
      secret,
      timeoutMs: 20_000,
      retry: { attempts },
    });
  }
}

function answer({ status, headers, body }: SdkAnswer): HttpAnswer {
  return { status, contentType: headers['content-type'] ?? '', data: body };
}

/** A project and partner, once the orchestrator has the project's snapshot (sandbox flag). */
export async function newPartner(
  stack: Stack,
  identifier: string,
  project: Record<string, unknown> = {},
): Promise<PartnerKeys> {
  const admin = new AdminClient(stack.gatewayUrl!);
  const created = await admin.createProject(project);
  const partner = await admin.createPartner(created.id, identifier);
  await awaitProjectSnapshot(stack, 'processing-orchestrator', created.id);
  return partner;
}

/** The tasks of a Response object, flattened in tree order, by path-like keys. */
export function taskStatuses(response: Json): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (list: Json[] | undefined, prefix: string) =>
    (list ?? []).forEach((task, i) => {
      const path = prefix ? `${prefix}.${i}` : String(i);
      out[path] = task.result.status;
      for (const branch of ['success', 'fail', 'always']) walk(task[branch], `${path}.${branch}`);
    });
  walk(response.payload.tasks, '');
  return out;
}

export const wait = (seconds: unknown, more: Record<string, unknown> = {}) => ({
  type: 'wait',
  payload: { seconds },
  ...more,
});
