/**
 * Values read from PostgreSQL and kept in this replica's memory until the change feed says their
 * rows changed (cache/change-feed.ts). Three rules keep a cached answer from being older than a
 * write a player was told succeeded:
 * - an invalidation drops the values and the loads in flight: a request after it always reads anew;
 * - a load that an invalidation overtook answers its own callers but is not kept (generation);
 * - while the feed is not listening (starting, reconnecting) nothing is kept or served from memory.
 * Values are shared between requests: callers must not change them (they are frozen).
 */
export class LocalCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly isLive: () => boolean,
    private readonly options: { maxAgeMs: number; maxEntries: number },
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.isLive()) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load().then((value) => {
      if (generation === this.generation && this.isLive()) this.keep(key, deepFreeze(value));
      return value;
    });
    this.loading.set(key, loaded);
    const forget = () => {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    };
    loaded.then(forget, forget);
    return loaded;
  }

  /** The rows behind `key` changed, or (no key) any of this cache's rows did. */
  invalidate(key?: string): void {
    this.generation += 1;
    if (key === undefined) {
      this.entries.clear();
      this.loading.clear();
    } else {
      this.entries.delete(key);
      this.loading.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, value: V): void {
    // Oldest first out when full (a Map iterates in insertion order).
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: Date.now() + this.options.maxAgeMs });
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
