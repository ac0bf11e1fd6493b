import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { BrandLogo } from '@/components/ui/brand-logo';

/** Part 1 §2: loading screens show French wait messages, in every locale. */
export const WAIT_MESSAGES = [
  'Chargement en cours…',
  'Préparation de votre espace…',
  'Encore un instant…',
  'Nous rassemblons vos informations…',
  'Presque prêt…',
] as const;

const ROTATE_MS = 2500;

interface LoadingScreenProps {
  /** Fill the viewport (app start) or only the content area (inside the shell). */
  fullPage?: boolean;
}

export function LoadingScreen({ fullPage = true }: LoadingScreenProps) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % WAIT_MESSAGES.length), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, []);

  const content = (
    <Box
      lang="fr"
      sx={{
        minHeight: fullPage ? '100dvh' : 320,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        animation: 'noces-fade-in 300ms ease-in',
        '@keyframes noces-fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
      }}
    >
      {fullPage && <BrandLogo size={40} />}
      <CircularProgress aria-label="Chargement" size={36} />
      <Typography role="status" aria-live="polite" color="text.secondary">
        {WAIT_MESSAGES[index]}
      </Typography>
    </Box>
  );

  return fullPage ? <Box component="main">{content}</Box> : content;
}
