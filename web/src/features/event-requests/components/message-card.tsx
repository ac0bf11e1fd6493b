import FormatQuoteRoundedIcon from '@mui/icons-material/FormatQuoteRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';

/** The couple's own words, as they wrote them (line breaks kept). */
export function MessageCard({ name, message }: { name: string; message: string }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('requests.message.title', { name })} data-testid="client-message">
      {message.trim() ? (
        <Box sx={{ position: 'relative', pl: 2.5, borderLeft: '3px solid', borderColor: 'primary.light' }}>
          <FormatQuoteRoundedIcon aria-hidden="true" sx={{ position: 'absolute', left: -14, top: -6, fontSize: 24, color: 'primary.light', bgcolor: 'background.paper', transform: 'scaleX(-1)' }} />
          <Typography component="blockquote" sx={{ m: 0, whiteSpace: 'pre-line', lineHeight: 1.7 }}>
            {message}
          </Typography>
        </Box>
      ) : (
        <Typography color="text.secondary">{t('requests.message.empty')}</Typography>
      )}
    </SectionCard>
  );
}
