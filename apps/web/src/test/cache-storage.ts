import { vi } from 'vitest';

/**
 * A stand-in for the browser's Cache Storage (`caches`; the test DOM has none), holding `contents`
 * (cache name → request URL → answer). Keys are matched by URL only, as the site's caches are.
 */
export function stubCacheStorage(contents: Record<string, Record<string, Response>> = {}) {
  const stored = new Map(
    Object.entries(contents).map(([name, entries]) => [name, new Map(Object.entries(entries))]),
  );
  const cacheOf = (entries: Map<string, Response>) => ({
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    match: async (key: Request | string) => {
      const url = typeof key === 'string' ? key : key.url;
      return entries.get(url)?.clone();
    },
  });
  vi.stubGlobal('caches', {
    has: async (name: string) => stored.has(name),
    keys: async () => [...stored.keys()],
    open: async (name: string) => {
      if (!stored.has(name)) stored.set(name, new Map());
      return cacheOf(stored.get(name) as Map<string, Response>);
    },
    delete: async (name: string) => stored.delete(name),
  });
  return { names: () => [...stored.keys()] };
}
