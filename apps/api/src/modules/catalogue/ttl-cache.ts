/**
 * A small in-process cache with a time to live and a size bound. Each api replica keeps its own;
 * a sync clears the local one at once and the other replicas' when its change notice reaches them
 * (decision 069). The TTL bounds a stale read should a notice be lost.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The cached value of `key`, or what `load` answers, kept for the TTL when `keep` says so. */
  async getOrLoad(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const value = await load();
    if (keep(value)) this.put(key, value);
    else this.entries.delete(key);
    return value;
  }

  /** The value of `key` while it is fresh. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > Date.now() ? hit.value : undefined;
  }

  /** Keeps `value` for the TTL, evicting the oldest entry when full. */
  put(key: string, value: V): void {
    this.entries.delete(key);
    // Oldest first: Map keeps insertion order, so dropping the first key evicts the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
