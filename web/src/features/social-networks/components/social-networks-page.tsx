import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSocialNetworks } from '@/features/social-networks/api/get-social-networks';
import { useRedeemInstagramTicket } from '@/features/social-networks/api/redeem-instagram-ticket';
import { InstagramCard } from '@/features/social-networks/components/instagram-card';
import { SocialLinksForm } from '@/features/social-networks/components/social-links-form';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError } from '@/lib/api-error';

/** The outcomes the callback puts in ?instagram= when there is no ticket. */
const RETURN_ERRORS: Record<string, string> = {
  denied: 'social_networks.errors.denied',
  failed: 'social_networks.errors.failed_return',
  unavailable: 'social_networks.instagram.unavailable',
};

/**
 * Reads the return from Instagram: ?token=<ticket> is taken out of the
 * address at once and redeemed with the session; ?instagram=<outcome> says
 * why there is none.
 */
function useInstagramReturn() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  // Read once: the address is cleaned right after.
  const [initial] = useState(() => ({ ticket: params.get('token'), outcome: params.get('instagram') }));
  const handled = useRef(false);
  const redeem = useRedeemInstagramTicket({ onSuccess: (reply) => notify(reply.message) });
  const { mutate } = redeem;

  useEffect(() => {
    if (handled.current || (!initial.ticket && !initial.outcome)) return;
    handled.current = true;
    setParams(
      (current) => {
        current.delete('token');
        current.delete('instagram');
        return current;
      },
      { replace: true },
    );
    if (initial.ticket) mutate(initial.ticket);
  }, [initial, setParams, mutate]);

  let returnError: string | null = null;
  if (redeem.isError) returnError = describeError(redeem.error, t, 'social_networks.errors.connect_failed');
  else if (!initial.ticket && initial.outcome) returnError = t(RETURN_ERRORS[initial.outcome] ?? 'social_networks.errors.connect_failed');
  return { connecting: redeem.isPending, returnError };
}

/** /social-networks: the six profile links, then the Instagram sync. */
export function SocialNetworksPage() {
  const { t } = useTranslation();
  const query = useSocialNetworks();
  const { connecting, returnError } = useInstagramReturn();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 960 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('social_networks.title')}
        </Typography>
        <Typography color="text.secondary">{t('social_networks.intro')}</Typography>
      </Box>
      {query.isPending && (
        <Card aria-busy="true" data-testid="social-loading">
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2, sm: 3 } }}>
            <Skeleton variant="text" width="40%" height={32} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </CardContent>
        </Card>
      )}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('social_networks.errors.loading')}
        </Alert>
      )}
      {query.data && (
        <>
          <SocialLinksForm links={query.data} />
          <InstagramCard status={query.data.instagramStatus} connecting={connecting} returnError={returnError} />
        </>
      )}
    </Box>
  );
}
