import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import StoreMallDirectoryOutlinedIcon from '@mui/icons-material/StoreMallDirectoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useBlocker, useLocation, useNavigate } from 'react-router';
import { useEventRequest, type EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import { useRejectEventRequest, type RejectionReason } from '@/features/event-requests/api/reject-event-request';
import { useUnlockEventRequest } from '@/features/event-requests/api/unlock-event-request';
import { BookingCard } from '@/features/event-requests/components/booking-card';
import { ContactCard } from '@/features/event-requests/components/contact-card';
import { ConversationPanel, OutcomeBanner } from '@/features/event-requests/components/conversation-panel';
import { EventInfoCard } from '@/features/event-requests/components/event-info-card';
import { LeavePrompt } from '@/features/event-requests/components/leave-prompt';
import { LocationCard } from '@/features/event-requests/components/location-card';
import { MessageCard } from '@/features/event-requests/components/message-card';
import { RejectDialog } from '@/features/event-requests/components/reject-dialog';
import { SoonChip, StatusChip } from '@/features/event-requests/components/request-chips';
import { UnlockCapNotice } from '@/features/event-requests/components/unlock-cap';
import { RefundNotice } from '@/features/event-requests/components/refund-notice';
import { UnlockDialog } from '@/features/event-requests/components/unlock-dialog';
import { formatDate, isPremiumUser, requestStatus, soonDays } from '@/features/event-requests/request-status';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError, isApiError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/auth/session';

/** Navigation state that opens the unlock confirmation on arrival (the new-request popup sends it). */
export interface RequestIntentState {
  intent: 'unlock';
}

function hasUnlockIntent(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { intent?: unknown }).intent === 'unlock';
}

const NO_CREDITS = 'event_request.errors.no_credits';

function DetailSkeleton() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} aria-busy="true" data-testid="request-loading">
      <Skeleton variant="text" width="50%" height={48} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '7fr 5fr' } }}>
        <Skeleton variant="rounded" height={260} />
        <Skeleton variant="rounded" height={260} />
      </Box>
    </Box>
  );
}

function RequestNotFound() {
  const { t } = useTranslation();
  return (
    <Card data-testid="request-not-found">
      <CardContent sx={{ py: 8, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5 }}>
        <SearchOffRoundedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
          {t('requests.errors.notFound')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          {t('requests.errors.notFoundText')}
        </Typography>
        <Button component={RouterLink} to="/event-requests" variant="contained" sx={{ mt: 1 }}>
          {t('requests.detail.back')}
        </Button>
      </CardContent>
    </Card>
  );
}

interface LoadedProps {
  detail: EventRequestDetail;
  refetch: () => void;
}

function LoadedRequest({ detail, refetch }: LoadedProps) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const premium = isPremiumUser(user);
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const unlock = useUnlockEventRequest(detail.uuid);
  const reject = useRejectEventRequest(detail.uuid);
  const [dialog, setDialog] = useState<'unlock' | 'reject' | null>(() => (hasUnlockIntent(location.state) ? 'unlock' : null));
  const leaving = useRef(false);
  const { project, message } = detail;
  const status = requestStatus({ ...message, closed: detail.closed }, premium);
  const days = soonDays(project.eventDate);
  const name = project.member.firstname;

  // Part 2 §4: leaving a locked request that is neither unlocked nor rejected asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      status === 'locked' &&
      !detail.closed &&
      !leaving.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      // A sign-out or an expired session always gets through.
      nextLocation.pathname !== '/login',
  );

  useEffect(() => {
    // The intent is used once: a reload or a return does not ask again.
    if (hasUnlockIntent(location.state)) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);

  const leaveTo = (path: string) => {
    leaving.current = true;
    void navigate(path);
  };

  const openDialog = (next: 'unlock' | 'reject') => {
    if (blocker.state === 'blocked') blocker.reset();
    setDialog(next);
  };

  const confirmUnlock = () =>
    unlock.mutate(undefined, {
      onSuccess: () => {
        setDialog(null);
        notify(t('requests.unlock.done', { name }), 'success');
      },
      onError: (error) => {
        setDialog(null);
        notify(describeError(error, t, 'requests.errors.unlock'), 'error');
        if (isApiError(error) && error.code === NO_CREDITS) leaveTo('/credits');
        else if (isApiError(error) && error.status === 409) refetch();
      },
    });

  const confirmReject = (reason: RejectionReason) =>
    reject.mutate(reason, {
      onSuccess: () => {
        setDialog(null);
        notify(t('requests.reject.done'), 'success');
      },
      onError: (error) => {
        setDialog(null);
        notify(describeError(error, t, 'requests.errors.reject'), 'error');
        if (isApiError(error) && error.status === 409) refetch();
      },
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} data-testid="request-detail">
      <Box>
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {t('requests.detail.title', { type: project.eventTypeLabel, city: project.eventLocationCity })}
        </Typography>
        {detail.venue && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }} data-testid="request-venue">
            <StoreMallDirectoryOutlinedIcon fontSize="small" color="primary" aria-hidden="true" />
            <Typography>
              {t('requests.venue.detail')}{' '}
              <Link component={RouterLink} to={`/venues/${detail.venue.id}`} sx={{ fontWeight: 600 }}>
                {detail.venue.name}
              </Link>
            </Typography>
          </Box>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <StatusChip status={status} size="medium" />
          {days !== null && <SoonChip days={days} />}
          <Typography variant="body2" color="text.secondary" sx={{ ml: 0.5 }}>
            {t('requests.receivedOn', { date: formatDate(detail.createdAt, i18n.language, 'long') })}
          </Typography>
        </Box>
      </Box>
      <RefundNotice request={detail} />

      <OutcomeBanner detail={detail} />
      {message.unlockDate !== null && status !== 'rejected' && <BookingCard uuid={detail.uuid} />}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
          gridTemplateAreas: { xs: '"contact" "info" "message" "location"', lg: '"info contact" "message location"' },
          '& > *': { minWidth: 0 },
        }}
      >
        <Box sx={{ gridArea: 'info', display: 'grid' }}>
          <EventInfoCard project={project} />
        </Box>
        <Box sx={{ gridArea: 'contact', display: 'grid', alignContent: 'start' }}>
          {status !== 'rejected' && <UnlockCapNotice request={detail} unlocked={message.unlockDate !== null} />}
          <ContactCard
            detail={detail}
            status={status}
            premium={premium}
            credits={user.credits}
            onUnlock={() => openDialog('unlock')}
            onReject={() => openDialog('reject')}
          />
        </Box>
        <Box sx={{ gridArea: 'message', display: 'grid' }}>
          <MessageCard name={name} message={message.message} />
        </Box>
        <Box sx={{ gridArea: 'location', display: 'grid' }}>
          <LocationCard project={project} />
        </Box>
      </Box>

      {status !== 'rejected' && <ConversationPanel detail={detail} canUnlockedWrite={status === 'unlocked' || premium} />}

      <UnlockDialog
        open={dialog === 'unlock' && status === 'locked'}
        name={name}
        credits={user.credits}
        pending={unlock.isPending}
        onConfirm={confirmUnlock}
        onClose={() => setDialog(null)}
      />
      <RejectDialog
        open={dialog === 'reject' && status !== 'rejected'}
        reasons={detail.rejectionReasons}
        pending={reject.isPending}
        onConfirm={confirmReject}
        onClose={() => setDialog(null)}
      />
      <LeavePrompt
        open={blocker.state === 'blocked'}
        onUnlock={() => openDialog('unlock')}
        onReject={() => openDialog('reject')}
        onLeave={() => blocker.proceed?.()}
        onStay={() => blocker.reset?.()}
      />
    </Box>
  );
}

/**
 * One event request (part 2 §2, /event-requests/{uuid}): the event, the
 * couple's message, the place, and the contact once unlocked. Unlock asks
 * for confirmation with the credits left; reject asks for a reason; leaving
 * a locked, undecided request prompts first.
 */
export function EventRequestDetailPage({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const detail = useEventRequest(uuid);

  // A failed refetch keeps the request on screen.
  if (detail.data) return <LoadedRequest detail={detail.data} refetch={() => void detail.refetch()} />;
  if (detail.isPending) return <DetailSkeleton />;
  if (isApiError(detail.error) && detail.error.status === 404) return <RequestNotFound />;
  return (
    <Alert
      severity="error"
      data-testid="request-error"
      action={
        <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
          {t('common.retry')}
        </Button>
      }
    >
      {describeError(detail.error, t, 'requests.errors.loadingRequest')}
    </Alert>
  );
}
