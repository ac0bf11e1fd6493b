/** Calendar dates as YYYY-MM-DD texts, computed in UTC so no time zone shifts a day. */

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function parseIso(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The month (YYYY-MM) of a date text. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** Today in the browser's time zone, as a date text. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function addMonths(month: string, n: number): string {
  const d = parseIso(`${month}-01`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return isoDate(d).slice(0, 7);
}

export function addDays(date: string, n: number): string {
  const d = parseIso(date);
  d.setUTCDate(d.getUTCDate() + n);
  return isoDate(d);
}

/** The first and last dates of a month. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(`${addMonths(month, 1)}-01`, -1) };
}

/**
 * The weeks of a month, Monday first (the week of the platform's European
 * languages): each week is 7 slots, a date text or null outside the month.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const { from, to } = monthRange(month);
  const lead = (parseIso(from).getUTCDay() + 6) % 7;
  const slots: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = from; d <= to; d = addDays(d, 1)) slots.push(d);
  while (slots.length % 7 !== 0) slots.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < slots.length; i += 7) weeks.push(slots.slice(i, i + 7));
  return weeks;
}
