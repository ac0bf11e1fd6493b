import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayStatus } from '@/features/availability/api/get-calendar';
import { addDays, monthWeeks, parseIso } from '@/features/availability/dates';
import { intlLocale } from '@/lib/locales';

/** The colours of a day's state, shared with the legend. */
export const STATUS_STYLES: Record<'free' | DayStatus, { bg: string; fg: string; border: string }> = {
  free: { bg: 'background.paper', fg: 'text.primary', border: 'divider' },
  booked: { bg: 'primary.main', fg: 'primary.contrastText', border: 'primary.main' },
  unavailable: { bg: 'grey.300', fg: 'text.primary', border: 'grey.500' },
};

interface MonthGridProps {
  month: string;
  /** The taken days of the month by date. */
  status: ReadonlyMap<string, DayStatus>;
  minDate: string;
  maxDate: string;
  today: string;
  /** A day was chosen (click, Enter or Space). */
  onToggle: (date: string) => void;
  /** The arrows left the month: show the month of date, focus on it. */
  onLeave: (date: string) => void;
  /** The date to focus first (after a month change by keyboard). */
  focusDate?: string;
}

/**
 * A month as an ARIA grid, Monday first: one button per day, one tab stop
 * (the focused day), arrow keys move by day and week, Home/End to the
 * week's ends, Page Up/Down by month.
 */
export function MonthGrid({ month, status, minDate, maxDate, today, onToggle, onLeave, focusDate }: MonthGridProps) {
  const { t, i18n } = useTranslation();
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const days = useMemo(() => weeks.flat().filter((d): d is string => d !== null), [weeks]);
  const [focused, setFocused] = useState<string>(() => pickFocus(focusDate, days, today));
  const current = days.includes(focused) ? focused : pickFocus(focusDate, days, today);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const weekday = new Intl.DateTimeFormat(intlLocale(i18n.language), { weekday: 'short', timeZone: 'UTC' });
  const weekdayLong = new Intl.DateTimeFormat(intlLocale(i18n.language), { weekday: 'long', timeZone: 'UTC' });
  const full = new Intl.DateTimeFormat(intlLocale(i18n.language), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const monthLabel = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(parseIso(`${month}-01`));
  const heads = (weeks[0] ?? []).map((_, i) => parseIso(addDays('2027-02-01', i))); // a Monday

  const move = (date: string) => {
    if (!days.includes(date)) {
      onLeave(date);
      return;
    }
    setFocused(date);
    buttons.current.get(date)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const dow = (parseIso(date).getUTCDay() + 6) % 7;
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7, Home: -dow, End: 6 - dow };
    if (event.key in steps) {
      event.preventDefault();
      move(addDays(date, steps[event.key] ?? 0));
    } else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      const d = parseIso(date);
      d.setUTCMonth(d.getUTCMonth() + (event.key === 'PageUp' ? -1 : 1));
      onLeave(d.toISOString().slice(0, 10));
    }
  };

  return (
    <Box role="grid" aria-label={monthLabel} data-testid="month-grid" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 0.5, sm: 1 } }}>
      <Box role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: { xs: 0.5, sm: 1 } }}>
        {heads.map((d) => (
          <Box key={d.toISOString()} role="columnheader" aria-label={weekdayLong.format(d)} sx={{ textAlign: 'center', fontSize: '0.8rem', fontWeight: 600, color: 'text.secondary', textTransform: 'capitalize' }}>
            {weekday.format(d)}
          </Box>
        ))}
      </Box>
      {weeks.map((week) => (
        <Box role="row" key={week.find(Boolean) ?? ''} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: { xs: 0.5, sm: 1 } }}>
          {week.map((date, i) => {
            if (date === null) return <Box key={`blank-${i}`} role="gridcell" aria-hidden="true" />;
            const state = status.get(date) ?? 'free';
            const style = STATUS_STYLES[state];
            const outside = date < minDate || date > maxDate;
            return (
              <Box key={date} role="gridcell" aria-selected={state !== 'free'}>
                <ButtonBase
                  ref={(el: HTMLButtonElement | null) => {
                    if (el) buttons.current.set(date, el);
                    else buttons.current.delete(date);
                  }}
                  data-date={date}
                  data-status={state}
                  tabIndex={date === current ? 0 : -1}
                  disabled={outside}
                  aria-label={`${full.format(parseIso(date))}, ${t(`availability.legend.${state}`)}`}
                  onFocus={() => setFocused(date)}
                  onClick={() => onToggle(date)}
                  onKeyDown={(e) => onKeyDown(e, date)}
                  sx={{
                    width: '100%',
                    aspectRatio: { xs: '1 / 1', sm: '4 / 3' },
                    minHeight: 40,
                    borderRadius: 1.5,
                    border: 1,
                    borderColor: style.border,
                    bgcolor: style.bg,
                    color: style.fg,
                    fontWeight: date === today ? 700 : 500,
                    fontSize: { xs: '0.95rem', sm: '1.05rem' },
                    outline: date === today ? '2px solid' : 'none',
                    outlineColor: 'secondary.main',
                    outlineOffset: -4,
                    backgroundImage: state === 'unavailable' ? 'repeating-linear-gradient(135deg, transparent 0 6px, rgba(0,0,0,0.08) 6px 12px)' : 'none',
                    opacity: outside ? 0.4 : 1,
                    '&.Mui-focusVisible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.secondary.main}` },
                    '&:hover': { filter: 'brightness(0.95)' },
                  }}
                >
                  {number.format(parseIso(date).getUTCDate())}
                </ButtonBase>
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

function pickFocus(wanted: string | undefined, days: string[], today: string): string {
  if (wanted && days.includes(wanted)) return wanted;
  if (days.includes(today)) return today;
  return days[0] ?? '';
}
