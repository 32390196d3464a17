export interface LimitDecision {
  allowed: boolean;
  /** Whole seconds until one more request would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
  /** The capacity the tokens were counted against, so a changed setting moves them with it. */
  capacity: number;
}

/** Allowance of one key: at most `capacity` requests per window (a per-key override). */
type Capacity = number;

/**
 * In-memory token buckets, one per key: `capacity` requests at once, refilled at
 * `capacity / windowMs` per millisecond, so at most `capacity` requests per window in the long run.
 * The state lives in this process: with N gateway replicas a client gets up to N times the limit.
 * A call may give the key's own capacity (a project setting); the refill rate follows it.
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
  take(key: string, now = Date.now(), capacity: Capacity = this.capacity): LimitDecision {
    const bucket = this.refill(key, now, capacity);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0 };
    }
    return { allowed: false, retryAfterSeconds: this.secondsUntilToken(bucket, capacity) };
  }

  /** Whether `key` has a token now, without taking it. */
  peek(key: string, now = Date.now(), capacity: Capacity = this.capacity): LimitDecision {
    const bucket = this.refill(key, now, capacity);
    return bucket.tokens >= 1
      ? { allowed: true, retryAfterSeconds: 0 }
      : { allowed: false, retryAfterSeconds: this.secondsUntilToken(bucket, capacity) };
  }

  get size(): number {
    return this.buckets.size;
  }

  private refill(key: string, now: number, capacity: Capacity): Bucket {
    if (!(capacity >= 1)) throw new Error('capacity must be >= 1');
    const existing = this.buckets.get(key);
    const bucket = existing ?? { tokens: capacity, updatedAt: now, capacity };
    const elapsed = Math.max(0, now - bucket.updatedAt);
    // A changed setting applies at once: a raised one adds the difference, a lowered one caps.
    const raisedBy = Math.max(0, capacity - bucket.capacity);
    bucket.capacity = capacity;
    bucket.tokens = Math.min(
      capacity,
      bucket.tokens + raisedBy + elapsed * this.refillRate(capacity),
    );
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

  private secondsUntilToken(bucket: Bucket, capacity: Capacity): number {
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillRate(capacity) / 1000));
  }

  private refillRate(capacity: Capacity): number {
    return capacity === this.capacity ? this.refillPerMs : capacity / this.windowMs;
  }
}
