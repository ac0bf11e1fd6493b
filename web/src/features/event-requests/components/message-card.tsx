import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';

/** The couple's own words, as they wrote them (line breaks kept). */
export function MessageCard({ name, message }: { name: string; message: string }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('requests.message.title', { name })} data-testid="client-message">
      {message.trim() ? (
        <Typography
          component="blockquote"
          sx={{ m: 0, pl: 2, py: 0.5, borderLeft: '3px solid', borderColor: 'primary.light', whiteSpace: 'pre-line', lineHeight: 1.7 }}
        >
          {message}
        </Typography>
      ) : (
        <Typography color="text.secondary">{t('requests.message.empty')}</Typography>
      )}
    </SectionCard>
  );
}
