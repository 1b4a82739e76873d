/**
 * A small in-process cache with a time to live and a size bound. Each api replica keeps its own;
 * the sync clears the local one at once and the others within one TTL, so a stale read lasts at
 * most that long after master data changes.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The cached value of `key`, or what `load` answers, kept for the TTL when `keep` says so. */
  async getOrLoad(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = await load();
    this.entries.delete(key);
    if (!keep(value)) return value;
    // Oldest first: Map keeps insertion order, so dropping the first key evicts the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
