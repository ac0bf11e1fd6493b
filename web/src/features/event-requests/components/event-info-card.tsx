import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import { SoonChip } from '@/features/event-requests/components/request-chips';
import { formatEventDate, soonDays } from '@/features/event-requests/request-status';
import { SectionCard } from '@/components/ui/section-card';

/** The project as the couple described it: date, type, service, budget, guests, languages, theme. */
export function EventInfoCard({ project }: { project: EventRequestDetail['project'] }) {
  const { t, i18n } = useTranslation();
  const days = soonDays(project.eventDate);
  const facts: { key: string; label: string; value: React.ReactNode }[] = [
    {
      key: 'date',
      label: t('requests.info.date'),
      value: (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {formatEventDate(project.eventDate, i18n.language, 'full')}
          {days !== null && <SoonChip days={days} />}
        </Box>
      ),
    },
    { key: 'type', label: t('requests.info.type'), value: project.eventTypeLabel },
    { key: 'service', label: t('requests.info.service'), value: project.serviceTypeLabel },
    { key: 'budget', label: t('requests.info.budget'), value: project.budgetRangeLabel || t('requests.info.notSaid') },
    { key: 'guests', label: t('requests.info.guests'), value: project.guestRangeLabel || t('requests.info.notSaid') },
    {
      key: 'languages',
      label: t('requests.info.languages'),
      value: project.languagesLabel.length > 0 ? project.languagesLabel.join(', ') : t('requests.info.notSaid'),
    },
  ];
  if (project.hasTheme && project.weddingTheme) facts.push({ key: 'theme', label: t('requests.info.theme'), value: project.weddingTheme });

  return (
    <SectionCard title={t('requests.info.title')} data-testid="event-info">
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 3, rowGap: 2.5 }}>
        {facts.map((fact) => (
          <Box key={fact.key} sx={{ minWidth: 0, gridColumn: fact.key === 'date' || fact.key === 'theme' ? '1 / -1' : undefined }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: '0.04em', fontWeight: 600 }}>
              {fact.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mt: 0.5, fontWeight: 500 }} data-testid={`info-${fact.key}`}>
              {fact.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
