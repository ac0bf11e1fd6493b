/**
 * The portfolio form's rules, as the server checks them
 * (internal/media/portfolios.go checkPortfolio); each returns the
 * dictionary key of the refusal, or null.
 */
export const TITLE_MIN = 3;
export const TITLE_MAX = 120;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
export const TEXT_MAX = 200;
export const BUDGET_MAX = 100_000_000;
export const GUESTS_MAX = 100_000;
export const CAPTION_MAX = 300;
/** Part 2 §9: a caption is saved 2 s after the last keystroke. */
export const CAPTION_DEBOUNCE_MS = 2_000;

const length = (value: string) => [...value.trim()].length;

export function titleRule(value: string): string | null {
  if (length(value) === 0) return 'portfolios.errors.title_required';
  return length(value) < TITLE_MIN || length(value) > TITLE_MAX ? 'portfolios.errors.title_length' : null;
}

export function descriptionRule(value: string): string | null {
  if (length(value) === 0) return 'portfolios.errors.description_required';
  return length(value) < DESCRIPTION_MIN || length(value) > DESCRIPTION_MAX ? 'portfolios.errors.description_length' : null;
}

/** Today in the reader's time zone, as YYYY-MM-DD (the latest wedding date). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function weddingDateRule(value: string, now = new Date()): string | null {
  if (!value) return 'portfolios.errors.wedding_date_required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1950-01-01' || value > todayIso(now)) return 'portfolios.errors.wedding_date_invalid';
  return null;
}

function wholeNumber(value: string): number | null {
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

export function budgetRule(value: string): string | null {
  if (value.trim() === '') return null;
  const n = wholeNumber(value);
  return n === null || n > BUDGET_MAX ? 'portfolios.errors.budget_invalid' : null;
}

export function guestsRule(value: string): string | null {
  const n = wholeNumber(value);
  return n === null || n < 1 || n > GUESTS_MAX ? 'portfolios.errors.guests_invalid' : null;
}

export function locationRule(value: string): string | null {
  if (length(value) < 2) return 'portfolios.errors.location_required';
  return length(value) > TEXT_MAX ? 'portfolios.errors.text_too_long' : null;
}

export function styleRule(value: string): string | null {
  if (length(value) < 2) return 'portfolios.errors.style_required';
  return length(value) > TEXT_MAX ? 'portfolios.errors.text_too_long' : null;
}

/** A budget field's value as the API wants it (whole euros, 0 when left empty). */
export function budgetValue(value: string): number {
  return wholeNumber(value) ?? 0;
}

/** The dictionary keys tried for a server code: this screen's own text first. */
export function serverKeys(code: string): string[] {
  return [code.replace(/^portfolio\.errors\./, 'portfolios.errors.'), code];
}
