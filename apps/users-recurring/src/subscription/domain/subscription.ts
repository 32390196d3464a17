/**
 * A user's subscription to recurring payments (ADR 0012), recorded when payments subscribes them.
 */
export interface Subscription {
  projectId: number;
  userId: string;
  /** The charge that subscribed the user. */
  transactionId: number;
  intervalDays: number;
  trialDays: number;
  /** Exact decimal text in `currency`. */
  price: string;
  currency: string;
  /** Payments' permanent card token; repeated charges use it. */
  cardTokenId: string;
  frequencyDays: number;
  endsAt: Date;
  subscribedAt: Date;
}
