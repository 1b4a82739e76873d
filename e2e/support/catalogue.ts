/**
 * The billers of a category as the api serves them. A fresh api fills its biller master data from
 * the network just after it starts, so this waits (up to `timeoutMs`) until the category has billers.
 */
export async function billersOf<T>(apiUrl: string, category: string, timeoutMs = 60_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${apiUrl}/api/bbps/prod/${encodeURIComponent(category)}`);
    const billers = response.ok ? ((await response.json()) as T[]) : [];
    if (billers.length > 0) return billers;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The api has no ${category} billers after ${timeoutMs} ms`);
}
