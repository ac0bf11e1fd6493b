import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface AlertLike {
  title: string;
  description: string;
  buttonText: string;
  buttonLink: string;
}

/** An alert as providers see it on their dashboard (its text is plain text). */
export function AlertPreview({ alert }: { alert: AlertLike }) {
  return (
    <Alert
      severity="info"
      variant="outlined"
      role="note"
      sx={{ bgcolor: 'background.paper', alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { pt: 0, ml: { xs: 4.5, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
      action={
        alert.buttonText && alert.buttonLink ? (
          <Button variant="contained" size="small" tabIndex={-1} sx={{ whiteSpace: 'nowrap', pointerEvents: 'none' }}>
            {alert.buttonText}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{alert.title}</AlertTitle>
      {alert.description}
    </Alert>
  );
}

interface PopupLike extends AlertLike {
  imageUrl: string;
}

/**
 * A popup as providers see it, drawn in the page rather than as a modal.
 * `description` must be the HTML the server returned: sanitised there
 * (no scripts, event handlers or styles), exactly what the dashboard shows.
 */
export function PopupPreview({ popup }: { popup: PopupLike }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 2, boxShadow: 3, maxWidth: 600, mx: 'auto', width: '100%' }} data-testid="popup-preview">
      {popup.imageUrl && <Box component="img" src={popup.imageUrl} alt="" sx={{ display: 'block', width: '100%', maxHeight: 240, objectFit: 'cover' }} />}
      <Box sx={{ p: 3, pb: 2 }}>
        <Typography variant="h3" component="p" sx={{ mb: 1.5 }}>
          {popup.title}
        </Typography>
        <Box
          data-testid="popup-preview-html"
          sx={{ '& p': { mt: 0, mb: 1.5 }, '& a': { color: 'primary.main' }, '& img': { maxWidth: '100%' }, typography: 'body1', overflowWrap: 'anywhere' }}
          dangerouslySetInnerHTML={{ __html: popup.description }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 3, pb: 2 }}>
        <Button tabIndex={-1} sx={{ pointerEvents: 'none' }}>
          {t('common.close')}
        </Button>
        {popup.buttonText && popup.buttonLink && (
          <Button variant="contained" tabIndex={-1} sx={{ pointerEvents: 'none' }}>
            {popup.buttonText}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
