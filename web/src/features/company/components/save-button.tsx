import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** The Save button of a company form: disabled until the form can be sent, a spinner while it is. */
export function SaveButton({ disabled, pending }: { disabled: boolean; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: { xs: 'stretch', sm: 'flex-start' } }}>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={disabled || pending}
        startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {pending ? t('common.saving') : t('common.save')}
      </Button>
    </Box>
  );
}
