import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * A button as the preview draws it: the look of the real one, but plain
 * text, so the preview has no control that does nothing.
 */
function FakeButton({ children, contained = false, small = false }: { children: string; contained?: boolean; small?: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        borderRadius: 1,
        px: small ? 1.25 : 2,
        py: small ? 0.5 : 0.75,
        typography: 'button',
        fontSize: small ? '0.8125rem' : '0.875rem',
        whiteSpace: 'nowrap',
        ...(contained ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : { color: 'primary.main' }),
      }}
    >
      {children}
    </Box>
  );
}

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
          <FakeButton contained small>
            {alert.buttonText}
          </FakeButton>
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
          sx={{ '& p': { mt: 0, mb: 1.5 }, '& a': { color: 'primary.main' }, '& img': { maxWidth: '100%' }, typography: 'body1', overflowWrap: 'break-word' }}
          dangerouslySetInnerHTML={{ __html: popup.description }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 3, pb: 2 }}>
        <FakeButton>{t('common.close')}</FakeButton>
        {popup.buttonText && popup.buttonLink && <FakeButton contained>{popup.buttonText}</FakeButton>}
      </Box>
    </Paper>
  );
}
