/**
 * Waits (up to `timeoutMs`) until the api's health says its catalogue is filled and no sync is
 * running: a fresh api fills its biller master data from the network just after it starts, billers
 * first and plans after them.
 */
export async function catalogueReady(apiUrl: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const health = await fetch(`${apiUrl}/api/health`)
      .then((response) => response.json() as Promise<{ catalogue?: { billers: number; syncing: boolean } }>)
      .catch(() => undefined);
    if (health?.catalogue && health.catalogue.billers > 0 && !health.catalogue.syncing) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The api's catalogue was not synchronised within ${timeoutMs} ms`);
}

/** The billers of a category as the api serves them, once its catalogue is synchronised. */
export async function billersOf<T>(apiUrl: string, category: string, timeoutMs = 120_000): Promise<T[]> {
  await catalogueReady(apiUrl, timeoutMs);
  const response = await fetch(`${apiUrl}/api/bbps/prod/${encodeURIComponent(category)}`);
  const billers = response.ok ? ((await response.json()) as T[]) : [];
  if (billers.length === 0) throw new Error(`The api has no ${category} billers`);
  return billers;
}
