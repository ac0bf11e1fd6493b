import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import LockOpenRoundedIcon from '@mui/icons-material/LockOpenRounded';
import TollRoundedIcon from '@mui/icons-material/TollRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

interface UnlockDialogProps {
  open: boolean;
  /** The couple's first name. */
  name: string;
  credits: number;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

function Balance({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Box sx={{ flex: 1, textAlign: 'center' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2, color: strong ? 'primary.main' : 'text.primary' }}>{value}</Typography>
    </Box>
  );
}

/**
 * Part 2 §4: unlocking asks for confirmation and shows the credits left. With
 * no credit the dialog leads to the credits page instead.
 */
export function UnlockDialog({ open, name, credits, pending, onConfirm, onClose }: UnlockDialogProps) {
  const { t } = useTranslation();
  const enough = credits >= 1;
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby="unlock-title" aria-describedby="unlock-text" maxWidth="xs" fullWidth data-testid="unlock-dialog">
      <DialogTitle id="unlock-title">{enough ? t('requests.unlock.title') : t('requests.unlock.noCreditsTitle')}</DialogTitle>
      <DialogContent>
        <Typography id="unlock-text" color="text.secondary" sx={{ mb: 2.5 }}>
          {enough ? t('requests.unlock.text', { name }) : t('requests.unlock.noCreditsText')}
        </Typography>
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, borderRadius: 2, bgcolor: 'grey.100' }}
          data-testid="unlock-balance"
        >
          <Balance label={t('requests.unlock.balanceNow')} value={credits} />
          {enough && (
            <>
              <ArrowForwardRoundedIcon color="action" aria-hidden="true" />
              <Balance label={t('requests.unlock.balanceAfter')} value={credits - 1} strong />
            </>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        {enough ? (
          <Button variant="contained" onClick={onConfirm} loading={pending} startIcon={<LockOpenRoundedIcon />} data-testid="confirm-unlock">
            {t('requests.unlock.confirm')}
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to="/credits" startIcon={<TollRoundedIcon />}>
            {t('requests.unlock.buyCredits')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
