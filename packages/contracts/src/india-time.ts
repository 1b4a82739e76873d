/**
 * India's clock. India keeps one offset all year (IST, UTC+05:30, no daylight saving), so its calendar
 * days and hours are plain arithmetic on an instant. Every rule that names a day or an hour in India
 * (due dates, AutoPay's debit hour, reminders, refund deadlines, gateways' off-peak windows, dates a
 * customer types) reads them here.
 */
export const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** India's calendar date of an instant, YYYY-MM-DD (today's by default). */
export const indiaDate = (at: Date = new Date()): string =>
  new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** India's date and time of an instant as gateways and the network print it: `YYYY-MM-DD HH:mm:ss`. */
export const indiaDateTime = (at: Date = new Date()): string =>
  new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** India's calendar day of an instant as a count of days since 1970-01-01, for counting days. */
export const indiaDayNumber = (at: Date): number => Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS);

/** The first instant of an India day (a day number from `indiaDayNumber`). */
export const startOfIndiaDay = (day: number): Date => new Date(day * DAY_MS - IST_OFFSET_MS);

/** The last millisecond of an India day (a day number from `indiaDayNumber`). */
export const endOfIndiaDay = (day: number): Date => new Date((day + 1) * DAY_MS - IST_OFFSET_MS - 1);

/** Minutes since India's midnight at an instant (0 to 1439). */
export const indiaMinuteOfDay = (at: Date): number =>
  Math.floor(((at.getTime() + IST_OFFSET_MS) % DAY_MS) / 60_000);

/**
 * The instant at `hour` o'clock India time on a calendar day given as its UTC midnight in milliseconds
 * (`Date.UTC(y, m, d)`, what parsing a YYYY-MM-DD gives), `dayOffset` days on.
 */
export const atIndiaHour = (dayStartUtcMs: number, hour: number, dayOffset = 0): Date =>
  new Date(dayStartUtcMs + dayOffset * DAY_MS + hour * HOUR_MS - IST_OFFSET_MS);
