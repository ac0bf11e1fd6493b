import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { useNotify } from '@/components/ui/snackbar-provider';
import { useCalendar, type DayStatus } from '@/features/availability/api/get-calendar';
import { useImportCalendar, type ImportResult } from '@/features/availability/api/import-calendar';
import { useRenewFeed } from '@/features/availability/api/renew-feed';
import { useSetDayStatus } from '@/features/availability/api/set-day-status';
import { STATUS_STYLES, MonthGrid } from '@/features/availability/components/month-grid';
import { monthOf, monthRange, addMonths, parseIso, today as todayOf } from '@/features/availability/dates';
import { describeError, isApiError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

/** The state a click gives a day: free → booked → unavailable → free. */
const NEXT: Record<'free' | DayStatus, 'free' | DayStatus> = { free: 'booked', booked: 'unavailable', unavailable: 'free' };

/** /availability: a month of booked and unavailable days (no request is sent for a day taken), the .ics import and the private feed. */
export function AvailabilityPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const today = todayOf();
  const [month, setMonth] = useState(monthOf(today));
  const [focusDate, setFocusDate] = useState<string | undefined>();
  const [venue, setVenue] = useState('');
  const calendar = useCalendar(venue, month);
  const data = calendar.data;
  // Writes name the calendar shown, also when the server chose it.
  const target = venue || data?.venueId || '';
  const status = useMemo(() => new Map((data?.days ?? []).map((d) => [d.date, d.status] as const)), [data]);

  // The message of a refusal: the field's own text when this page has it,
  // else the calendar's own code (a busy server's 503 included).
  const explain = (error: unknown, fallback: string) => {
    if (isApiError(error)) {
      const code = Object.values(error.fields)[0] ?? (error.code.startsWith('availability.') ? error.code : undefined);
      if (code && i18n.exists(code)) return t(code);
    }
    return describeError(error, (k) => t(k), fallback);
  };

  const toggle = useSetDayStatus(target, { venue, month }, { onError: (error) => notify(explain(error, 'availability.error.saving'), 'error') });

  const fileInput = useRef<HTMLInputElement>(null);
  const [imported, setImported] = useState<ImportResult | null>(null);
  const upload = useImportCalendar(target, { onSuccess: (result) => setImported(result) });

  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  const [confirmRenew, setConfirmRenew] = useState(false);
  const renew = useRenewFeed({
    onSuccess: (url) => {
      setFeedUrl(url);
      setConfirmRenew(false);
    },
  });

  const monthLabel = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(parseIso(`${month}-01`));
  const canBack = data ? monthRange(addMonths(month, -1)).to >= data.minDate : true;
  const canForward = data ? `${addMonths(month, 1)}-01` <= data.maxDate : true;
  const venues = data?.venues ?? [];
  const number = (n: number) => n.toLocaleString(intlLocale(i18n.language));
  const dateText = (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long' }).format(new Date(iso));

  const go = (date: string) => {
    if (data && (date < data.minDate || date > data.maxDate)) return;
    setFocusDate(date);
    setMonth(monthOf(date));
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 960 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('availability.title')}
        </Typography>
        <Typography color="text.secondary">{t('availability.subtitle')}</Typography>
      </Box>

      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 1.5, sm: 3 } }}>
          {venues.length > 1 && (
            <FormControl size="small" sx={{ maxWidth: 360 }}>
              <InputLabel id="availability-venue">{t('availability.venue')}</InputLabel>
              <Select
                labelId="availability-venue"
                label={t('availability.venue')}
                value={target}
                onChange={(e) => setVenue(e.target.value)}
              >
                {venues.map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {v.name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          )}
          {venues.length === 1 && <Typography color="text.secondary">{t('availability.venueOf', { name: venues[0]?.name })}</Typography>}

          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <IconButton aria-label={t('availability.prevMonth')} disabled={!canBack} onClick={() => setMonth(addMonths(month, -1))}>
              <ChevronLeftIcon />
            </IconButton>
            <Typography variant="h2" aria-live="polite" sx={{ fontSize: { xs: '1.15rem', sm: '1.35rem' }, textTransform: 'capitalize', textAlign: 'center' }}>
              {monthLabel}
            </Typography>
            <IconButton aria-label={t('availability.nextMonth')} disabled={!canForward} onClick={() => setMonth(addMonths(month, 1))}>
              <ChevronRightIcon />
            </IconButton>
          </Box>

          {calendar.isError && !data ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void calendar.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {explain(calendar.error, 'availability.error.loading')}
            </Alert>
          ) : data ? (
            <MonthGrid
              key={`${venue}-${month}`}
              month={month}
              status={status}
              minDate={data.minDate}
              maxDate={data.maxDate}
              today={today}
              focusDate={focusDate}
              onToggle={(date) => toggle.mutate({ date, next: NEXT[status.get(date) ?? 'free'] })}
              onLeave={go}
            />
          ) : (
            <Skeleton variant="rounded" height={320} aria-busy="true" />
          )}

          <Box component="ul" aria-label={t('availability.legend.title')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none' }}>
            {(['free', 'booked', 'unavailable'] as const).map((s) => (
              <Box component="li" key={s} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 18,
                    height: 18,
                    borderRadius: 0.5,
                    border: 1,
                    borderColor: STATUS_STYLES[s].border,
                    bgcolor: STATUS_STYLES[s].bg,
                    backgroundImage: s === 'unavailable' ? 'repeating-linear-gradient(135deg, transparent 0 3px, rgba(0,0,0,0.12) 3px 6px)' : 'none',
                  }}
                />
                <Typography variant="body2">{t(`availability.legend.${s}`)}</Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('availability.hint')}
          </Typography>
        </CardContent>
      </Card>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <SideCard title={t('availability.import.title')} text={t('availability.import.text')}>
            <input
              ref={fileInput}
              type="file"
              accept=".ics,text/calendar"
              hidden
              data-testid="ics-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) {
                  setImported(null);
                  upload.mutate(file);
                }
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
              {upload.isPending ? t('availability.import.sending') : t('availability.import.button')}
            </Button>
            {imported && (
              <Alert severity="success" role="status" sx={{ width: '100%' }}>
                {t('availability.import.done', { days: number(imported.days), events: number(imported.events), added: number(imported.added) })}
              </Alert>
            )}
            {upload.isError && (
              <Alert severity="error" sx={{ width: '100%' }}>
                {explain(upload.error, 'availability.error.import')}
              </Alert>
            )}
        </SideCard>

        <SideCard title={t('availability.feed.title')} text={t('availability.feed.text')}>
            {feedUrl ? (
              <>
                <TextField
                  label={t('availability.feed.urlLabel')}
                  value={feedUrl}
                  fullWidth
                  size="small"
                  slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'feed-url', onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
                />
                <Typography variant="body2" color="text.secondary">
                  {t('availability.feed.once')}
                </Typography>
                <CopyButton text={feedUrl} copiedMessage={t('availability.feed.copied')} />
              </>
            ) : data?.feedSince ? (
              <Typography variant="body2">{t('availability.feed.since', { date: dateText(data.feedSince) })}</Typography>
            ) : null}
            {!feedUrl && !data?.feedSince && (
              <Button variant="contained" startIcon={<EventAvailableIcon />} disabled={renew.isPending} onClick={() => renew.mutate()}>
                {t('availability.feed.create')}
              </Button>
            )}
            {(feedUrl || data?.feedSince) && (
              <Button variant="text" color="warning" onClick={() => setConfirmRenew(true)}>
                {t('availability.feed.renew')}
              </Button>
            )}
            {renew.isError && !confirmRenew && <Alert severity="error">{explain(renew.error, 'errors.generic')}</Alert>}
        </SideCard>
      </Box>

      <ConfirmDialog
        open={confirmRenew}
        title={t('availability.feed.renewTitle')}
        confirmLabel={t('availability.feed.renewConfirm')}
        color="error"
        pending={renew.isPending}
        error={renew.error ?? undefined}
        onConfirm={() => renew.mutate()}
        onClose={() => setConfirmRenew(false)}
      >
        <Typography>{t('availability.feed.renewText')}</Typography>
      </ConfirmDialog>
    </Box>
  );
}

/** One of the cards under the calendar: a title, what it does, its controls. */
function SideCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
