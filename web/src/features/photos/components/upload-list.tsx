import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from '@/features/photos/hooks/use-upload-queue';
import { intlLocale } from '@/lib/locales';

/** The files being sent, one progress bar each, and the refused ones with the reason, one per line. */
export function UploadList({ items, onDismiss }: { items: UploadItem[]; onDismiss: (key: string) => void }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return null;
  const percent = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'percent' });
  return (
    <Box component="ul" aria-label={t('photos.uploads.label')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="upload-list">
      {items.map((item) => (
        <Box
          component="li"
          key={item.key}
          data-testid="upload-item"
          data-state={item.state}
          sx={{
            border: 1,
            borderColor: item.state === 'failed' ? 'error.main' : 'divider',
            borderRadius: 1,
            p: 1.5,
            display: 'flex',
            flexDirection: 'column',
            gap: 0.75,
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            {item.state === 'done' && <CheckCircleIcon color="success" fontSize="small" aria-hidden="true" />}
            {item.state === 'failed' && <ErrorOutlineIcon color="error" fontSize="small" aria-hidden="true" />}
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', flexGrow: 1, minWidth: 0 }}>
              {item.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }} role={item.state === 'sending' ? undefined : 'status'}>
              {item.state === 'sending' && (item.progress < 1 ? percent.format(item.progress) : t('photos.uploads.processing'))}
              {item.state === 'done' && t('photos.uploads.done')}
              {item.state === 'failed' && t('photos.uploads.failed')}
            </Typography>
            {item.state !== 'sending' && (
              <IconButton size="small" onClick={() => onDismiss(item.key)} aria-label={t('photos.uploads.dismiss', { name: item.name })}>
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
          {item.state !== 'failed' && (
            <LinearProgress
              variant="determinate"
              value={Math.round(item.progress * 100)}
              color={item.state === 'done' ? 'success' : 'primary'}
              aria-label={t('photos.uploads.progress', { name: item.name })}
              data-testid="upload-progress"
            />
          )}
          {item.error && (
            <Typography variant="body2" color="error" sx={{ whiteSpace: 'pre-line' }} data-testid="upload-error">
              {item.error}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
