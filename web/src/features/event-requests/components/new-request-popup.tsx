import EuroRoundedIcon from '@mui/icons-material/EuroRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import MarkEmailUnreadRoundedIcon from '@mui/icons-material/MarkEmailUnreadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fade from '@mui/material/Fade';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useNewestEventRequests, type EventRequestItem } from '@/features/event-requests/api/list-event-requests';
import { useRejectEventRequest, type RejectionReason } from '@/features/event-requests/api/reject-event-request';
import type { RequestIntentState } from '@/features/event-requests/components/event-request-detail-page';
import { RejectDialog } from '@/features/event-requests/components/reject-dialog';
import { SoonChip } from '@/features/event-requests/components/request-chips';
import { rememberShown, shownRequests } from '@/features/event-requests/new-requests-memory';
import { formatEventDate, isPremiumUser, requestStatus, soonDays } from '@/features/event-requests/request-status';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError } from '@/lib/api-error';
import { hasAnyRole, isImpersonated, type User } from '@/lib/auth/user';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary', minWidth: 0, '& svg': { fontSize: 16 } }}>
      <Box sx={{ display: 'flex' }} aria-hidden="true">
        {icon}
      </Box>
      <Typography variant="body2" color="text.secondary" noWrap>
        {children}
      </Typography>
    </Box>
  );
}

interface PopupProps {
  request: EventRequestItem;
  count: number;
  premium: boolean;
  onClose: () => void;
}

function Popup({ request, count, premium, onClose }: PopupProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const reject = useRejectEventRequest(request.uuid);
  const [rejecting, setRejecting] = useState(false);
  const { project } = request;
  const days = soonDays(project.eventDate);
  const open = requestStatus(request, premium) === 'unlocked';

  const view = () => {
    onClose();
    const state: RequestIntentState | null = open ? null : { intent: 'unlock' };
    void navigate(`/event-requests/${request.uuid}`, { state });
  };

  const confirmReject = (reason: RejectionReason) =>
    reject.mutate(reason, {
      onSuccess: () => {
        notify(t('requests.reject.done'), 'success');
        onClose();
      },
      onError: (error) => {
        setRejecting(false);
        notify(describeError(error, t, 'requests.errors.reject'), 'error');
      },
    });

  return (
    <>
      <Fade in={!rejecting} appear unmountOnExit={false}>
        <Paper
          role="dialog"
          aria-modal="false"
          aria-labelledby="new-request-title"
          aria-describedby="new-request-summary"
          elevation={8}
          data-testid="new-request-popup"
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          sx={{
            position: 'fixed',
            zIndex: (theme) => theme.zIndex.appBar + 10,
            right: { xs: 12, sm: 24 },
            left: { xs: 12, sm: 'auto' },
            bottom: { xs: 12, sm: 24 },
            width: { sm: 380 },
            maxHeight: 'calc(100dvh - 96px)',
            overflowY: 'auto',
            borderRadius: 3,
            border: '1px solid',
            borderColor: 'divider',
          }}
        >
          <Box sx={{ p: 2, pb: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
              <Box
                aria-hidden="true"
                sx={{ width: 36, height: 36, borderRadius: '50%', display: 'grid', placeItems: 'center', color: 'primary.main', bgcolor: (theme) => `${theme.palette.primary.main}14`, flexShrink: 0 }}
              >
                <MarkEmailUnreadRoundedIcon fontSize="small" />
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography id="new-request-title" variant="h2" sx={{ fontSize: '1rem' }}>
                  {count > 1 ? t('requests.popup.titleMany', { n: count }) : t('requests.popup.titleOne')}
                </Typography>
                {count > 1 && (
                  <Link component={RouterLink} to="/event-requests" onClick={onClose} variant="body2">
                    {t('requests.popup.seeAll', { n: count })}
                  </Link>
                )}
              </Box>
            </Box>
            <Box
              id="new-request-summary"
              sx={{ px: 1.5, py: 1.25, borderRadius: 2, border: '1px solid', borderColor: 'divider', bgcolor: 'grey.50', display: 'flex', flexDirection: 'column', gap: 0.5 }}
              data-testid="popup-request"
            >
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 0 }} noWrap>
                  {[project.eventTypeLabel, project.serviceTypeLabel].filter(Boolean).join(' · ')}
                </Typography>
                {days !== null && <SoonChip days={days} />}
              </Box>
              <Line icon={<EventRoundedIcon />}>
                {formatEventDate(project.eventDate, i18n.language)} · {[project.eventLocationCity, project.eventLocationCountry].filter(Boolean).join(', ')}
              </Line>
              {(project.budgetRangeLabel || project.guestRangeLabel) && (
                <Line icon={<EuroRoundedIcon />}>{[project.budgetRangeLabel, project.guestRangeLabel].filter(Boolean).join(' · ')}</Line>
              )}
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 2, alignItems: 'center' }}>
            <Button onClick={onClose} size="small" sx={{ mr: 'auto' }}>
              {t('requests.popup.later')}
            </Button>
            <Button variant="outlined" color="error" size="small" onClick={() => setRejecting(true)}>
              {t('requests.actions.reject')}
            </Button>
            <Button variant="contained" size="small" onClick={view}>
              {open ? t('requests.popup.view') : t('requests.actions.unlock')}
            </Button>
          </Box>
        </Paper>
      </Fade>
      <RejectDialog open={rejecting} pending={reject.isPending} onConfirm={confirmReject} onClose={() => setRejecting(false)} />
    </>
  );
}

interface PopupGateProps {
  userId: string;
  premium: boolean;
}

function NewRequestPrompt({ userId, premium }: PopupGateProps) {
  const list = useNewestEventRequests();
  const [pick, setPick] = useState<{ request: EventRequestItem; count: number; fresh: string[] } | null | undefined>(undefined);
  const [closed, setClosed] = useState(false);

  // Decided once, from the first answer: later refetches never swap the request under the user's eyes.
  if (pick === undefined && list.data) {
    const shown = shownRequests(userId);
    const fresh = list.data.eventRequests.filter((request) => !request.isSeen && !request.isRejected);
    const first = fresh.find((request) => !shown.has(request.uuid));
    // New requests are the unseen ones (unreadMessages counts the couples' messages).
    setPick(first ? { request: first, count: fresh.length, fresh: fresh.map((request) => request.uuid) } : null);
  }

  useEffect(() => {
    if (pick) rememberShown(userId, pick.fresh);
  }, [pick, userId]);

  if (!pick || closed) return null;
  return <Popup request={pick.request} count={pick.count} premium={premium} onClose={() => setClosed(true)} />;
}

const DASHBOARD_PATHS = ['/', '/dashboard'];

/**
 * Part 2 §2: the new-request popup (later, reject, unlock). A card in the
 * corner of the dashboard, where a sign-in lands, that does not block the
 * page (the user may have come for something else), when a moderated planner or venue owner has requests
 * never opened: the newest of them, with the number of new requests. Each
 * request is presented once a browser session; "later" brings it back in the
 * next session if it is still unseen. Unlock opens the request with its
 * unlock confirmation. An admin impersonating the provider is not prompted.
 */
export function NewRequestPopup({ user }: { user: User }) {
  const { pathname } = useLocation();
  const eligible = hasAnyRole(user, ['ROLE_PRESTATAIRE', 'ROLE_VENUE']) && user.isModerated && !isImpersonated(user);
  if (!eligible || !DASHBOARD_PATHS.includes(pathname)) return null;
  return <NewRequestPrompt userId={user.id} premium={isPremiumUser(user)} />;
}
