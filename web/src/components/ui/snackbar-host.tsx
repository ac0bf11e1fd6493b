import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@/components/ui/snackbar-notice';

export const SNACKBAR_AUTO_HIDE_MS = 6_000;

export function SnackbarHost({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Snackbar
      open={open}
      autoHideDuration={notice.durationMs ?? SNACKBAR_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      slotProps={{ transition: { onExited: onClose } }}
    >
      <Alert
        severity={notice.severity}
        variant="filled"
        role={notice.severity === 'error' ? 'alert' : 'status'}
        onClose={() => setOpen(false)}
        closeText={t('common.close')}
        sx={{ width: '100%', boxShadow: 3 }}
        data-testid="snackbar"
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
