/**
 * A small read-through cache with a time to live, bounded in size: for look-ups on every request
 * (project and partner credentials) that may be a few seconds stale on other replicas.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = await load();
    // Keys come from requests: unknown ones must not grow the map without bound.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    return value;
  }

  evict(key: string): void {
    this.entries.delete(key);
  }
}
