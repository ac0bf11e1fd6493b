import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import { SectionCard } from '@/components/ui/section-card';
import { getConfig } from '@/lib/config';

// Leaflet and its styles load only when a map is actually shown.
const RequestMap = lazy(() => import('@/features/event-requests/components/request-map').then((module) => ({ default: module.RequestMap })));

/** The event's place: a map when a tile server is configured and the place has coordinates, and always the address. */
export function LocationCard({ project }: { project: EventRequestDetail['project'] }) {
  const { t } = useTranslation();
  const tilesUrl = getConfig().mapTilesUrl;
  const lat = project.eventLocationLatitude;
  const lng = project.eventLocationLongitude;
  const hasPoint = lat !== null && lng !== null;
  const cityLine = [project.eventLocationZipcode, project.eventLocationCity].filter(Boolean).join(' ');
  const lines = [project.eventLocation, cityLine, project.eventLocationCountry].filter((line) => line && line.trim() !== '');

  return (
    <SectionCard title={t('requests.location.title')} data-testid="location-card">
      {tilesUrl && hasPoint && (
        <Box sx={{ mb: 2 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
            <RequestMap latitude={lat} longitude={lng} tilesUrl={tilesUrl} />
          </Suspense>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <PlaceOutlinedIcon color="primary" aria-hidden="true" sx={{ mt: 0.25 }} />
        <Box component="address" sx={{ fontStyle: 'normal' }} data-testid="request-address">
          {lines.map((line) => (
            <Typography key={line}>{line}</Typography>
          ))}
        </Box>
      </Box>
      {tilesUrl && !hasPoint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('requests.location.noCoordinates')}
        </Typography>
      )}
    </SectionCard>
  );
}
