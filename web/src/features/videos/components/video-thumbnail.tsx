import PlayCircleOutlineRoundedIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { HOST_NAMES, thumbnailUrl, type VideoHost } from '@/lib/video-link';

interface VideoThumbnailProps {
  host: VideoHost;
  videoId: string;
}

/**
 * A video's still at 16:9: YouTube's own, or (for Vimeo, and whenever the
 * still cannot load) a placeholder in the host's colours with its name.
 */
export function VideoThumbnail({ host, videoId }: VideoThumbnailProps) {
  const src = thumbnailUrl(host, videoId);
  const [failed, setFailed] = useState(false);
  const showImage = src !== null && !failed;
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        overflow: 'hidden',
        bgcolor: host === 'youtube' ? '#2a1f23' : '#16324a',
        color: '#fff',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {showImage && (
        <Box
          component="img"
          src={src}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      <Box sx={{ position: 'relative', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
        <PlayCircleOutlineRoundedIcon aria-hidden="true" sx={{ fontSize: 48, filter: 'drop-shadow(0 1px 3px rgba(0,0,0,.5))' }} />
        {!showImage && (
          <Typography component="span" variant="subtitle2" sx={{ letterSpacing: 0.5 }}>
            {HOST_NAMES[host]}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
