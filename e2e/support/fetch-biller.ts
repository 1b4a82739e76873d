/**
 * Finding a biller whose bill the sandbox network fetches. Kept apart from the browser journeys
 * (bill-payment.ts): the benches import it, and a process that measures must not load vitest and
 * Playwright, whose module graph makes its own garbage collection several times slower.
 */

/** An electricity biller whose bill is fetched, and how to write a consumer number it accepts. */
export interface FetchBiller {
  billerName: string;
  billerCategoryName: string;
  paramName: string;
  /** A number the biller's regex accepts, ending in `suffix` (the sandbox picks its answer by it). */
  customerNumber(suffix: string): string;
}

interface BillerRecord {
  billerName: string;
  billerCategoryName: string;
  fetchRequirement: string;
  customerParams: { paramName: string; optional: string; regex: string }[];
}

/** Digits of the given length ending in `suffix`, random in front so journeys never share a bill. */
function digitsEnding(length: number, suffix: string): string {
  let front = '';
  while (front.length < length - suffix.length) front += String(1 + Math.floor(Math.random() * 9));
  return front + suffix;
}

/** The number lengths a parameter's regex takes, if it takes plain digits. */
function digitLength(regex: string): number | undefined {
  const pattern = new RegExp(regex);
  for (let length = 8; length <= 16; length += 1) {
    if (pattern.test(digitsEnding(length, '0000'))) return length;
  }
  return undefined;
}

/** The first electricity biller with one required, all-digits parameter and a mandatory bill fetch. */
export async function findFetchBiller(apiUrl: string): Promise<FetchBiller> {
  const response = await fetch(`${apiUrl}/api/bbps/prod/Electricity?limit=200`);
  const billers = (await response.json()) as BillerRecord[];
  for (const biller of billers) {
    const required = biller.customerParams.filter((param) => param.optional !== 'true');
    const [param] = required;
    const length = param && required.length === 1 ? digitLength(param.regex) : undefined;
    if (!param || !length || biller.fetchRequirement !== 'MANDATORY') continue;
    return {
      billerName: biller.billerName,
      billerCategoryName: biller.billerCategoryName,
      paramName: param.paramName,
      customerNumber: (suffix) => digitsEnding(length, suffix),
    };
  }
  throw new Error('No electricity biller with a single numeric parameter');
}
