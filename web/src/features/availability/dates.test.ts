import { describe, expect, it } from 'vitest';
import { addDays, addMonths, monthRange, monthWeeks, today } from './dates';

describe('calendar dates', () => {
  it('lays a month out Monday first', () => {
    const weeks = monthWeeks('2027-02');
    // 1 February 2027 is a Monday; February has 28 days: exactly 4 weeks.
    expect(weeks).toHaveLength(4);
    expect(weeks[0]?.[0]).toBe('2027-02-01');
    expect(weeks[3]?.[6]).toBe('2027-02-28');
    const june = monthWeeks('2027-06');
    // 1 June 2027 is a Tuesday.
    expect(june[0]?.slice(0, 2)).toEqual([null, '2027-06-01']);
    expect(june.flat().filter(Boolean)).toHaveLength(30);
  });

  it('moves across months, years and the summer time change', () => {
    expect(addMonths('2027-12', 1)).toBe('2028-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(today(new Date(2027, 5, 12, 23, 30))).toBe('2027-06-12');
  });
});
