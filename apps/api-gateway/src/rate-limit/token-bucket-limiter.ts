export interface LimitDecision {
  allowed: boolean;
  /** Whole seconds until one more request would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * In-memory token buckets, one per key: `capacity` requests at once, refilled at
 * `capacity / windowMs` per millisecond, so at most `capacity` requests per window in the long run.
 * The state lives in this process: with N gateway replicas a client gets up to N times the limit.
 * The map is bounded: past `maxKeys` the least recently used buckets are dropped (a dropped bucket
 * starts full again, the lenient direction).
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;

  constructor(
    readonly capacity: number,
    readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {
    if (!(capacity >= 1) || !(windowMs >= 1)) throw new Error('capacity and window must be >= 1');
    this.refillPerMs = capacity / windowMs;
  }

  /** Takes one token for `key` if there is one. */
  take(key: string, now = Date.now()): LimitDecision {
    const bucket = this.refill(key, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0 };
    }
    return { allowed: false, retryAfterSeconds: this.secondsUntilToken(bucket) };
  }

  /** Whether `key` has a token now, without taking it. */
  peek(key: string, now = Date.now()): LimitDecision {
    const bucket = this.refill(key, now);
    return bucket.tokens >= 1
      ? { allowed: true, retryAfterSeconds: 0 }
      : { allowed: false, retryAfterSeconds: this.secondsUntilToken(bucket) };
  }

  get size(): number {
    return this.buckets.size;
  }

  private refill(key: string, now: number): Bucket {
    const existing = this.buckets.get(key);
    const bucket = existing ?? { tokens: this.capacity, updatedAt: now };
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.tokens = Math.min(this.capacity, bucket.tokens + elapsed * this.refillPerMs);
    bucket.updatedAt = now;
    // Re-inserting keeps the map in least-recently-used order for eviction.
    if (existing) this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return bucket;
  }

  private secondsUntilToken(bucket: Bucket): number {
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerMs / 1000));
  }
}
