import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface LeavePromptProps {
  open: boolean;
  onUnlock: () => void;
  onReject: () => void;
  /** Later: leave anyway. */
  onLeave: () => void;
  /** Escape or a click outside: stay on the request. */
  onStay: () => void;
}

/** Part 2 §4: leaving a locked, undecided request asks to unlock, reject, or decide later. */
export function LeavePrompt({ open, onUnlock, onReject, onLeave, onStay }: LeavePromptProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="leave-title" aria-describedby="leave-text" maxWidth="xs" fullWidth data-testid="leave-prompt">
      <DialogTitle id="leave-title">{t('requests.leave.title')}</DialogTitle>
      <DialogContent>
        <Typography id="leave-text" color="text.secondary">
          {t('requests.leave.text')}
        </Typography>
      </DialogContent>
      <DialogActions
        sx={{
          px: 3,
          pb: 2.5,
          gap: 1,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          '& > :not(style) ~ :not(style)': { ml: { xs: 0, sm: 1 } },
        }}
      >
        <Button onClick={onLeave}>{t('requests.leave.later')}</Button>
        <Button variant="outlined" color="error" onClick={onReject}>
          {t('requests.actions.reject')}
        </Button>
        <Button variant="contained" onClick={onUnlock}>
          {t('requests.actions.unlock')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
