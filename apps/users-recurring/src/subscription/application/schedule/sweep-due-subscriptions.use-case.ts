import { Inject, Injectable } from '@nestjs/common';
import { OutboxWriter } from '@opp/outbox';
import { TransactionRunner, type UnitOfWork } from '@opp/persistence';
import { crashPoint } from '@opp/saga';
import { ProjectClock } from '@opp/snapshots';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { UserStore } from '../../../user/application/user.store';
import type { User } from '../../../user/domain/user';
import type { Subscription } from '../../domain/subscription';
import { SubscriptionStore } from '../subscription.store';
import { recurringChargeCommand, userSnapshotOr } from './recurring-charge-command';

/** Subscriptions claimed per database transaction. */
export const SWEEP_BATCH = 500;

type Charge = { subscription: Subscription; period: number; attempt: number };

/**
 * One batch of the automatic recurring scheduler (ADR 0012): due subscriptions are locked (rows
 * another instance holds are skipped), each due period is claimed by its unique period key and a
 * charge command goes to payments through the outbox, in the same commit that moves the due time.
 * A crash before the commit leaves the rows due; after it, the outbox delivers the commands.
 * A batch costs a fixed number of statements, whatever its size.
 */
@Injectable()
export class SweepDueSubscriptionsUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly subscriptions: SubscriptionStore,
    private readonly users: UserStore,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
    private readonly clock: ProjectClock,
  ) {}

  /** Returns how many subscriptions the batch claimed (SWEEP_BATCH: there may be more). */
  async sweepBatch(now: Date = new Date()): Promise<number> {
    const dayMs = this.config.recurringDaySeconds * 1000;
    return this.transactions.run(async (work) => {
      const due = await this.subscriptions.claimDue(work, now, SWEEP_BATCH);
      const charges: Charge[] = [];
      const times = new Map<Subscription, Date>();
      for (const subscription of due) {
        const at = await this.timeOf(subscription, now);
        times.set(subscription, at);
        const step = subscription.startAutomaticCharge(at, dayMs);
        if (step.kind === 'charge') charges.push({ subscription, ...step });
      }
      const claimed = await this.subscriptions.claimPeriods(
        work,
        charges.map((c) => ({
          subscriptionId: c.subscription.state.id,
          period: c.period,
          attempt: c.attempt,
        })),
      );
      const toCharge: Charge[] = [];
      for (const charge of charges) {
        if (claimed.has(charge.subscription.state.id)) toCharge.push(charge);
        else {
          const at = times.get(charge.subscription) ?? now;
          charge.subscription.skipChargedPeriod(charge.period, charge.attempt, at, dayMs);
        }
      }
      await this.subscriptions.saveAll(work, due);
      await this.outbox.add(work, await this.commands(work, toCharge));
      // Crash test (ADR 0060): killed here, nothing is claimed and the next sweep starts over.
      if (toCharge.length) crashPoint('recurring-schedule.claimed');
      return due.length;
    });
  }

  /**
   * The time a due subscription is charged at: now; for a project whose sandbox clock was advanced
   * (ADR 0069), the time it fell due in the project's time, so an advance charges every period and
   * retry in between one after the other, each at its own time.
   */
  private async timeOf(subscription: Subscription, now: Date): Promise<Date> {
    const { projectId, nextChargeAt } = subscription.state;
    if (!(await this.clock.isAdvanced(projectId))) return now;
    return nextChargeAt ?? (await this.clock.now(projectId, now));
  }

  /** One query per project for the users, then the commands. */
  private async commands(work: UnitOfWork, charges: Charge[]) {
    const byProject = new Map<number, string[]>();
    for (const { subscription: s } of charges) {
      byProject.set(s.state.projectId, [
        ...(byProject.get(s.state.projectId) ?? []),
        s.state.userId,
      ]);
    }
    const users = new Map<string, User>();
    for (const [projectId, ids] of byProject) {
      for (const user of await this.users.findManyOfProject(work, projectId, ids)) {
        users.set(`${projectId}:${user.id}`, user);
      }
    }
    return charges.map(({ subscription, period, attempt }) => {
      const s = subscription.state;
      return recurringChargeCommand(
        s,
        userSnapshotOr(users.get(`${s.projectId}:${s.userId}`), s),
        {
          idempotencyKey: `recurring:${s.id}:${period}:${attempt}`,
          price: s.price,
          currency: s.currency,
        },
        { kind: 'schedule', subscriptionId: s.id, period, attempt },
      );
    });
  }
}
