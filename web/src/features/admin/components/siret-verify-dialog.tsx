import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerifySiret } from '@/features/admin/api/verify-siret';
import { SiretChip, type SiretStatus } from '@/features/admin/components/status-chips';
import { errorMessage } from '@/features/admin/server-errors';
import { useNotify } from '@/components/ui/snackbar-provider';

export interface SiretTarget {
  id: string;
  name: string;
  siret?: string;
  status?: SiretStatus;
}

/**
 * Records an admin's manual SIRET check (no company register configured):
 * active makes a moderated French profile visible, inactive keeps it hidden.
 */
export function SiretVerifyDialog({ target, onClose }: { target: SiretTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const groupId = useId();
  const [choice, setChoice] = useState<'active' | 'inactive' | ''>(target.status === 'active' || target.status === 'inactive' ? target.status : '');
  const verify = useVerifySiret();

  const submit = () => {
    if (!choice) return;
    verify.mutate(
      { id: target.id, isActive: choice === 'active' },
      {
        onSuccess: (result) => {
          notify(t(result.siretStatus === 'active' ? 'admin.siret.markedActive' : 'admin.siret.markedInactive', { name: target.name }));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={verify.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('admin.siret.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('admin.siret.intro', { name: target.name })}</DialogContentText>
        {target.siret && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1.05rem', letterSpacing: '0.05em' }}>
              {target.siret}
            </Box>
            {target.status && <SiretChip status={target.status} />}
            <Link
              href={`https://annuaire-entreprises.data.gouv.fr/etablissement/${encodeURIComponent(target.siret)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('admin.siret.registerLink')}
            </Link>
          </Box>
        )}
        <FormControl>
          <FormLabel id={groupId}>{t('admin.siret.question')}</FormLabel>
          <RadioGroup aria-labelledby={groupId} value={choice} onChange={(event) => setChoice(event.target.value as 'active' | 'inactive')}>
            <FormControlLabel value="active" control={<Radio />} label={t('admin.siret.active')} />
            <FormControlLabel value="inactive" control={<Radio />} label={t('admin.siret.inactive')} />
          </RadioGroup>
        </FormControl>
        {verify.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(verify.error, t)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={verify.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!choice || verify.isPending}
          startIcon={verify.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
        >
          {t('admin.siret.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
