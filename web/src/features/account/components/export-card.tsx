import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataExport } from '@/features/account/api/get-data-export';
import { useRequestDataExport } from '@/features/account/api/request-data-export';
import { SectionCard } from '@/components/ui/section-card';
import { describeError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

/** A file size in the reader's locale: "850 kB", "12.5 MB". */
function formatSize(bytes: number, locale: string): string {
  const mb = bytes / 1_000_000;
  if (mb < 1) {
    return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1000));
  }
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(mb);
}

function formatDate(iso: string | undefined, locale: string): string {
  return iso ? new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)) : '';
}

/**
 * Asking for the export and following it: the button, then "being prepared"
 * (the page asks again by itself), then the download link. The account page
 * and the deletion dialog both show it, so leaving always offers the data first.
 */
export function ExportAction({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const status = useDataExport();
  const request = useRequestDataExport();
  const data = status.data;

  if (status.isPending) {
    return <CircularProgress size={24} aria-label={t('account.export.loading')} />;
  }
  const ask = (label: string, variant: 'outlined' | 'text' = 'outlined') => (
    <Button
      variant={variant}
      onClick={() => request.mutate()}
      disabled={request.isPending}
      startIcon={request.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
      sx={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );

  return (
    <Stack spacing={2} data-testid="export-action" data-state={data?.state ?? 'unknown'}>
      {status.isError && <Alert severity="error">{describeError(status.error, t, 'account.export.error')}</Alert>}
      {request.isError && <Alert severity="error">{describeError(request.error, t, 'account.export.error')}</Alert>}
      {data?.state === 'failed' && <Alert severity="warning">{t('account.export.failed')}</Alert>}
      {data?.state === 'pending' && (
        <Alert severity="info" icon={<CircularProgress size={20} aria-hidden="true" />} role="status">
          {t('account.export.pending')}
        </Alert>
      )}
      {data?.state === 'ready' && data.downloadUrl && (
        <>
          <Alert severity="success" role="status">
            {t('account.export.ready', {
              date: formatDate(data.readyAt, i18n.language),
              size: formatSize(data.byteSize ?? 0, i18n.language),
              until: formatDate(data.expiresAt, i18n.language),
            })}
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="contained" href={data.downloadUrl} download startIcon={<DownloadIcon />} sx={{ alignSelf: 'flex-start' }}>
              {t('account.export.download')}
            </Button>
            {!compact && ask(t('account.export.again'), 'text')}
          </Stack>
        </>
      )}
      {(data?.state === 'none' || data?.state === 'failed' || (status.isError && !data)) && ask(t('account.export.start'))}
    </Stack>
  );
}

/** /account#export: everything the provider owns, in one zip, in one click. */
export function ExportCard() {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The e-mail's link lands on /account#export.
    if (window.location.hash === '#export') ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <Box id="export" ref={ref} sx={{ scrollMarginTop: 80 }}>
      <SectionCard title={t('account.export.title')} description={t('account.export.description')} data-testid="export-card">
        <ExportAction />
      </SectionCard>
    </Box>
  );
}
