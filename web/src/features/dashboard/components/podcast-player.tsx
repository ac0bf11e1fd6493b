import HeadphonesOutlinedIcon from '@mui/icons-material/HeadphonesOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';

/** The podcast of the third-party audio service (the page config's podcastUrl), loaded lazily. */
export function PodcastPlayer({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('dashboard.podcast.title')} data-testid="podcast">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <HeadphonesOutlinedIcon color="primary" aria-hidden="true" />
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.podcast.banner')}
        </Typography>
      </Box>
      <Box
        component="iframe"
        src={url}
        title={t('dashboard.podcast.player')}
        loading="lazy"
        allow="autoplay; clipboard-write; encrypted-media"
        referrerPolicy="strict-origin-when-cross-origin"
        sx={{ display: 'block', width: '100%', height: 232, border: 0, borderRadius: 2, bgcolor: 'action.hover' }}
      />
    </SectionCard>
  );
}
