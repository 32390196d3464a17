import { AdminClient } from '@opp/testing';
import { benchCardNumber } from './card-numbers';
import { runAtRate, runLoad, type LoadResult } from './load';
import { postSignedForm } from './signed-form';

type Keys = { publicKey: string; privateKey: string };

/** One charge's outcome: `200 <status>`, the HTTP status of a refusal, or `no answer`. */
export interface ChargeAnswer {
  orderId: string;
  status: string;
  at: number;
}

/**
 * The merchant of the card scenarios: a project whose callbacks go to a receiver that answers
 * (dead deliveries would skew the notifier's share), one user per worker (a user's charges share a
 * partition, so one user would measure one partition), and the order ids the gateway answered
 * `completed` for, which the bench then finds in payments' database exactly once each.
 */
export class CardShop {
  readonly completedOrders = new Set<string>();
  /** Every charge's outcome, when set (the chaos suite tallies answers by status). */
  onAnswer?: (answer: ChargeAnswer) => void;
  private readonly run = `${Date.now()}`;
  private sequence = 0;

  private constructor(
    private readonly gatewayUrls: readonly string[],
    private readonly keys: Keys,
    private readonly users: readonly string[],
    /** The shop's project (for the reconciliation). */
    readonly projectId: number,
  ) {}

  static async open(
    gatewayUrls: readonly string[],
    callbackUrl: string,
    workers: number,
  ): Promise<CardShop> {
    const { id: projectId, ...keys } = await new AdminClient(gatewayUrls[0]).createProject({
      name: 'Bench shop',
      callbackUrl,
    });
    const users = await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        const answer = (await postSignedForm(`${gatewayUrls[0]}/v1/user/resolve`, keys, {
          identifier: `bench-user-${worker}`,
          ip: '203.0.113.10',
        })) as { id: string };
        return answer.id;
      }),
    );
    await waitForProjectInPayments(gatewayUrls[0], keys, users[0]);
    return new CardShop(gatewayUrls, keys, users, projectId);
  }

  /** The order ids of this shop's charges start with this (for the database check). */
  get orderPrefix(): string {
    return `bench-${this.run}-`;
  }

  /** One charge with card data; throws unless the gateway answers `completed`. */
  async charge(worker: number): Promise<void> {
    const i = this.sequence++;
    const orderId = `${this.orderPrefix}${i}`;
    // Several gateway instances: spread the charges over them as a load balancer would.
    const gateway = this.gatewayUrls[i % this.gatewayUrls.length];
    const answer = (await this.observed(orderId, () =>
      postSignedForm(`${gateway}/v1/card/process`, this.keys, {
        user: this.users[worker % this.users.length],
        card: {
          number: benchCardNumber(i),
          expiration_month: '12',
          expiration_year: '2030',
          security_code: '123',
        },
        price: '10.00',
        currency: 'EUR',
        order_id: orderId,
        description: 'Benchmark charge',
      }),
    )) as { status?: string };
    if (answer.status !== 'completed') throw new Error(`charge ended ${answer.status}`);
    this.completedOrders.add(orderId);
  }

  /** Reverses a completed charge of this shop in full (a second callback of its transaction). */
  async reverse(orderId: string): Promise<void> {
    await postSignedForm(`${this.gatewayUrls[0]}/v1/transaction/reverse`, this.keys, {
      order_id: orderId,
      amount: '10.00',
      comment: 'Reversed by the chaos suite',
    });
  }

  private async observed(orderId: string, post: () => Promise<unknown>): Promise<unknown> {
    if (!this.onAnswer) return post();
    try {
      const answer = (await post()) as { status?: string };
      this.onAnswer({ orderId, status: `200 ${answer.status ?? '?'}`, at: Date.now() });
      return answer;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = /^HTTP (\d{3})/.exec(message)?.[1] ?? 'no answer';
      this.onAnswer({ orderId, status, at: Date.now() });
      throw error;
    }
  }

  /** Closed loop: `concurrency` shoppers charging one after the other. */
  load(
    name: string,
    options: { concurrency: number; seconds: number; warmupSeconds?: number },
  ): Promise<LoadResult> {
    return runLoad(name, (worker) => this.charge(worker), options);
  }

  /** Open loop at a fixed rate (latency under a known load). */
  atRate(name: string, options: { perSecond: number; seconds: number }): Promise<LoadResult> {
    return runAtRate(name, (i) => this.charge(i), options);
  }
}

/** A new project reaches payments through its snapshot; charge only once it has. */
async function waitForProjectInPayments(gatewayUrl: string, keys: Keys, userId: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await postSignedForm(`${gatewayUrl}/v1/card/process`, keys, {
        user: userId,
        card: {
          number: '4242424242424242',
          expiration_month: '12',
          expiration_year: '2030',
          security_code: '123',
        },
        price: '1.00',
        currency: 'EUR',
        order_id: `bench-warm-${attempt}`,
        description: 'Benchmark warm-up',
      });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('payments never learned the benchmark project');
}
