import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_INTERVAL_MS, SHOWCASE_PROFILES, type ShowcaseProfile } from '@/features/auth/components/marketing-content';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';

const controlSx = {
  color: 'inherit',
  border: '1px solid rgba(255, 255, 255, 0.5)',
  '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.12)' },
  '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: 2 },
} as const;

/**
 * Example profiles moving on every 5 s (APG carousel pattern): a pause
 * button, previous and next buttons; it stops while hovered or focused, and
 * starts paused for users who prefer reduced motion. Slides are
 * announced politely only when the user moves them.
 */
export function ProfileCarousel({ profiles = SHOWCASE_PROFILES }: { profiles?: readonly ShowcaseProfile[] }) {
  const { t } = useTranslation();
  const reduceMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  // The visitor's own choice, else the system's: derived on each render, not
  // copied into state once, because a pre-rendered page is hydrated with the
  // server's answer (no reduced motion) before the browser's is known.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = chosen ?? !reduceMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const slidesId = useId();
  const count = profiles.length;
  const rotating = playing && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <Box
      component="section"
      aria-roledescription={t('marketing.carousel.roledescription')}
      aria-label={t('marketing.carousel.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      data-testid="profile-carousel"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h3" variant="h6" sx={{ color: 'inherit' }}>
          {t('marketing.carousel.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <IconButton
            size="small"
            sx={controlSx}
            aria-label={playing ? t('marketing.carousel.pause') : t('marketing.carousel.play')}
            onClick={() => setChosen(!playing)}
          >
            {playing ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
          </IconButton>
          <IconButton size="small" sx={controlSx} aria-label={t('marketing.carousel.previous')} aria-controls={slidesId} onClick={() => go(-1)}>
            <ChevronLeftIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" sx={controlSx} aria-label={t('marketing.carousel.next')} aria-controls={slidesId} onClick={() => go(1)}>
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        </Box>
      </Box>
      <Box id={slidesId} aria-live={rotating ? 'off' : 'polite'} aria-atomic="false">
        {profiles.map((profile, i) => (
          <Box
            key={profile.id}
            role="group"
            aria-roledescription={t('marketing.carousel.slide')}
            aria-label={t('marketing.carousel.position', { current: i + 1, total: count })}
            hidden={i !== index}
            data-testid="carousel-slide"
            sx={{
              display: i === index ? 'flex' : 'none',
              gap: 2,
              alignItems: 'flex-start',
              p: 2,
              borderRadius: 2,
              bgcolor: 'rgba(255, 255, 255, 0.1)',
              border: '1px solid rgba(255, 255, 255, 0.2)',
              animation: 'noces-slide-in 400ms ease-out',
              '@keyframes noces-slide-in': { from: { opacity: 0 }, to: { opacity: 1 } },
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          >
            <Box
              aria-hidden="true"
              sx={{
                bgcolor: profile.color,
                width: 48,
                height: 48,
                flexShrink: 0,
                borderRadius: '50%',
                border: '2px solid #ffffff',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
                fontSize: '1.125rem',
              }}
            >
              {profile.initials}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, color: 'inherit' }}>{profile.name}</Typography>
              <Typography variant="body2" sx={{ color: 'inherit', opacity: 0.9 }}>
                {t(profile.roleKey)} · {profile.place}
              </Typography>
              <Typography variant="body2" sx={{ color: 'inherit', mt: 1 }}>
                {t(profile.taglineKey)}
              </Typography>
              <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0, mt: 1.25 }}>
                {profile.serviceKeys.map((key) => (
                  <Box
                    component="li"
                    key={key}
                    sx={{ px: 1, py: 0.25, borderRadius: 4, bgcolor: 'rgba(255, 255, 255, 0.92)', color: 'primary.dark', typography: 'caption', fontWeight: 600 }}
                  >
                    {t(key)}
                  </Box>
                ))}
              </Box>
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" sx={{ color: 'inherit', opacity: 0.9 }} aria-hidden="true">
        {index + 1} / {count}
      </Typography>
    </Box>
  );
}
