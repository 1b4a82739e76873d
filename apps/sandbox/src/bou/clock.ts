import { IST_OFFSET_MS } from '@erti/contracts/india-time';
/**
 * The network's clock. Tests move it forward (`POST /bou/_sandbox/clock`) instead of waiting, so
 * pending payments settle and complaints advance deterministically.
 */
export class SandboxClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  get offset(): number {
    return this.offsetMs;
  }
}

/** The parts of a moment in India Standard Time, where Bharat Connect keeps its dates. */
export function istParts(date: Date) {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const iso = ist.toISOString();
  const startOfYear = Date.UTC(ist.getUTCFullYear(), 0, 1);
  return {
    /** YYYY-MM-DD */
    date: iso.slice(0, 10),
    /** YYYY-MM-DD HH:mm:ss */
    dateTime: `${iso.slice(0, 10)} ${iso.slice(11, 19)}`,
    year: ist.getUTCFullYear(),
    month: ist.getUTCMonth(),
    day: ist.getUTCDate(),
    dayOfYear: Math.floor((ist.getTime() - startOfYear) / 86_400_000) + 1,
    hhmm: iso.slice(11, 13) + iso.slice(14, 16),
  };
}

/** `YDDD`: the last digit of the year and the day of the year, as BBPS ids embed them. */
export function julianStamp(date: Date): string {
  const parts = istParts(date);
  return `${parts.year % 10}${String(parts.dayOfYear).padStart(3, '0')}`;
}

/** A calendar day (YYYY-MM-DD) `days` after another. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
