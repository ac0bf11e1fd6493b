import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REJECTION_REASONS, type RejectionReason } from '@/features/event-requests/api/reject-event-request';

interface RejectDialogProps {
  open: boolean;
  /** The server's labels (code -> text); the interface's own texts fill any gap. */
  reasons?: Record<string, string>;
  pending: boolean;
  onConfirm: (reason: RejectionReason) => void;
  onClose: () => void;
}

/** Part 2 §5: one of the seven reasons; confirm stays disabled until one is chosen. */
export function RejectDialog({ open, reasons = {}, pending, onConfirm, onClose }: RejectDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const close = () => {
    if (pending) return;
    setReason('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="reject-title" maxWidth="xs" fullWidth data-testid="reject-dialog">
      <DialogTitle id="reject-title">{t('requests.reject.title')}</DialogTitle>
      <DialogContent>
        <Typography id="reject-text" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('requests.reject.text')}
        </Typography>
        <RadioGroup aria-labelledby="reject-text" value={reason} onChange={(event) => setReason(event.target.value as RejectionReason)}>
          {REJECTION_REASONS.map((code) => (
            <FormControlLabel key={code} value={code} control={<Radio />} label={reasons[code] ?? t(`requests.reasons.${code}`)} disabled={pending} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={close} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={reason === ''}
          loading={pending}
          onClick={() => reason !== '' && onConfirm(reason)}
          data-testid="confirm-reject"
        >
          {t('requests.reject.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
