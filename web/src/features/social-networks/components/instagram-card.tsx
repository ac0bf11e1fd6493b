import InstagramIcon from '@mui/icons-material/Instagram';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { InstagramStatus } from '@/features/social-networks/api/get-social-networks';
import { useInstagramAuthUrl } from '@/features/social-networks/api/get-instagram-auth-url';
import { useRevokeInstagram } from '@/features/social-networks/api/revoke-instagram';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

interface InstagramCardProps {
  status: InstagramStatus;
  /** The return from Instagram being redeemed. */
  connecting: boolean;
  /** What went wrong on the return, as a message key or the server's text. */
  returnError: string | null;
}

/** Sends the browser to Instagram's authorisation window (a separate module so tests can replace it). */
export const navigation = {
  go(url: string) {
    window.location.assign(url);
  },
};

function StatusChip({ status }: { status: InstagramStatus }) {
  const { t } = useTranslation();
  if (!status.hasToken) return <Chip label={t('social_networks.instagram.status.notSynced')} variant="outlined" data-testid="instagram-status" data-state="not-synced" />;
  if (status.tokenExpired) return <Chip label={t('social_networks.instagram.status.expired')} color="warning" data-testid="instagram-status" data-state="expired" />;
  return <Chip label={t('social_networks.instagram.status.synced')} color="success" data-testid="instagram-status" data-state="synced" />;
}

/** The Instagram sync: unavailable, not offered (and why), not synced, synced with its posts, or token expired. */
export function InstagramCard({ status, connecting, returnError }: InstagramCardProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);

  const connect = useInstagramAuthUrl({
    onSuccess: (url) => navigation.go(url),
    onError: (failure) => notify(describeError(failure, t, 'social_networks.errors.connect_failed'), 'error'),
  });
  const revoke = useRevokeInstagram({
    onSuccess: (reply) => {
      setConfirming(false);
      notify(reply.message);
    },
  });

  const title = t('social_networks.instagram.section');
  if (!status.available) {
    return (
      <SectionCard title={title} data-testid="instagram-card">
        <Alert severity="info" data-testid="instagram-unavailable">
          {t('social_networks.instagram.unavailable')}
        </Alert>
      </SectionCard>
    );
  }

  const lastSync = status.lastSyncAt
    ? new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(status.lastSyncAt))
    : null;
  const busy = connect.isPending || connecting;
  const connectButton = (label: string) => (
    <Button
      variant="contained"
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <InstagramIcon />}
      disabled={busy}
      onClick={() => connect.mutate()}
      sx={{ width: { xs: '100%', sm: 'auto' } }}
    >
      {connecting ? t('social_networks.instagram.connecting') : label}
    </Button>
  );

  const revokeButton = (
    <Button variant="outlined" color="error" onClick={() => setConfirming(true)} sx={{ width: { xs: '100%', sm: 'auto' } }}>
      {t('social_networks.instagram.revoke')}
    </Button>
  );

  return (
    <SectionCard title={title} description={t('social_networks.instagram.description')} data-testid="instagram-card">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {returnError && (
          <Alert severity="error" data-testid="instagram-return-error">
            {returnError}
          </Alert>
        )}
        {status.reason === 'premium' && (
          <Alert
            severity="info"
            data-testid="instagram-premium"
            action={
              <Button component={RouterLink} to="/subscription" color="inherit" size="small">
                {t('social_networks.instagram.premiumLink')}
              </Button>
            }
          >
            {t('social_networks.instagram.premium')}
          </Alert>
        )}
        {status.reason === 'link' && (
          <Alert severity="info" data-testid="instagram-need-link">
            {t('social_networks.instagram.needLink')}
          </Alert>
        )}
        {status.reason === '' && (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
              <StatusChip status={status} />
              {status.hasToken && !status.tokenExpired && (
                <Typography variant="body2" color="text.secondary" data-testid="instagram-last-sync">
                  {lastSync ? t('social_networks.instagram.lastSync', { date: lastSync }) : t('social_networks.instagram.never')}
                </Typography>
              )}
            </Box>
            {status.tokenExpired && (
              <Alert severity="warning" data-testid="instagram-expired">
                {t('social_networks.instagram.expiredText')}
              </Alert>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              {!status.hasToken && connectButton(t('social_networks.instagram.connect'))}
              {status.tokenExpired && connectButton(t('social_networks.instagram.reconnect'))}
              {status.hasToken && revokeButton}
            </Box>
          </>
        )}
        {/* A plan that ended or a link removed stops the sync; the connection can still be removed. */}
        {status.reason !== '' && status.hasToken && <Box>{revokeButton}</Box>}
        {status.hasToken && !status.tokenExpired && status.reason === '' && (
          <Box component="section" aria-labelledby="instagram-posts-title">
            <Typography id="instagram-posts-title" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1.5 }}>
              {t('social_networks.instagram.posts')}
            </Typography>
            {status.posts.length === 0 ? (
              <Typography color="text.secondary">{t('social_networks.instagram.noPosts')}</Typography>
            ) : (
              <Box
                component="ul"
                data-testid="instagram-posts"
                sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(6, 1fr)' } }}
              >
                {status.posts.map((post) => {
                  const caption = post.caption || t('social_networks.instagram.post');
                  return (
                    <li key={post.imageUrl}>
                      <Link
                        href={post.permalink}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('social_networks.instagram.openPost', { caption })}
                        sx={{ display: 'block', borderRadius: 1, overflow: 'hidden', aspectRatio: '1', bgcolor: 'action.hover' }}
                      >
                        <Box
                          component="img"
                          src={post.imageUrl}
                          alt=""
                          width={post.width}
                          height={post.height}
                          loading="lazy"
                          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
                        />
                      </Link>
                    </li>
                  );
                })}
              </Box>
            )}
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('social_networks.instagram.revokeTitle')}
        confirmLabel={t('social_networks.instagram.revoke')}
        color="error"
        pending={revoke.isPending}
        error={revoke.error}
        errorFallbackKey="social_networks.errors.revoke_failed"
        onConfirm={() => revoke.mutate()}
        onClose={() => {
          setConfirming(false);
          revoke.reset();
        }}
      >
        {t('social_networks.instagram.revokeText')}
      </ConfirmDialog>
    </SectionCard>
  );
}
