import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';

interface RequestMapProps {
  latitude: number;
  longitude: number;
  /** A tile URL template ({z}/{x}/{y}) from the page config. */
  tilesUrl: string;
}

// Tiles drawn from OpenStreetMap data must credit it; other servers carry their own credit in their tiles.
function attribution(tilesUrl: string): string {
  return /openstreetmap|osm/i.test(tilesUrl) ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' : '';
}

/**
 * The event's place on a Leaflet map (loaded only with a request that has
 * coordinates, and only when a tile server is configured). A circle marker
 * needs no marker images, which bundlers lose.
 */
export function RequestMap({ latitude, longitude, tilesUrl }: RequestMapProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [failed, setFailed] = useState(false);
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        data-testid="request-map"
        sx={{ height: 240, borderRadius: 2, overflow: 'hidden', position: 'relative', zIndex: 0, '& .leaflet-control-attribution': { fontSize: 11 } }}
      >
        <MapContainer center={[latitude, longitude]} zoom={12} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }}>
          <TileLayer url={tilesUrl} attribution={attribution(tilesUrl)} eventHandlers={{ tileerror: () => setFailed(true) }} />
          <CircleMarker
            center={[latitude, longitude]}
            radius={10}
            pathOptions={{ color: theme.palette.primary.main, fillColor: theme.palette.primary.main, fillOpacity: 0.35, weight: 3 }}
          />
        </MapContainer>
      </Box>
      {failed && (
        <Typography variant="caption" color="error" component="p" sx={{ mt: 1 }} role="status">
          {t('requests.location.mapError')}
        </Typography>
      )}
    </Box>
  );
}
