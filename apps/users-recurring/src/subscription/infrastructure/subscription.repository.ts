import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Subscription } from '../domain/subscription';

@Injectable()
export class SubscriptionRepository {
  /**
   * A new subscription of a user replaces the old one, unless it is older than what is stored
   * (events of one user arrive in order, but a replay must not roll the state back).
   */
  async upsert(tx: EntityManager, s: Subscription): Promise<void> {
    await tx.query(
      `INSERT INTO subscriptions (project_id, user_id, transaction_id, interval_days, trial_days,
         price, currency, card_token_id, frequency_days, ends_at, status, subscribed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'active', $11)
       ON CONFLICT (project_id, user_id) DO UPDATE SET
         transaction_id = EXCLUDED.transaction_id, interval_days = EXCLUDED.interval_days,
         trial_days = EXCLUDED.trial_days, price = EXCLUDED.price, currency = EXCLUDED.currency,
         card_token_id = EXCLUDED.card_token_id, frequency_days = EXCLUDED.frequency_days,
         ends_at = EXCLUDED.ends_at, status = 'active', subscribed_at = EXCLUDED.subscribed_at,
         updated_at = now()
       WHERE subscriptions.subscribed_at <= EXCLUDED.subscribed_at`,
      [
        s.projectId,
        s.userId,
        s.transactionId,
        s.intervalDays,
        s.trialDays,
        s.price,
        s.currency,
        s.cardTokenId,
        s.frequencyDays,
        s.endsAt,
        s.subscribedAt,
      ],
    );
  }
}
