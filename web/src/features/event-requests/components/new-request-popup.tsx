import EuroRoundedIcon from '@mui/icons-material/EuroRounded';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import LockOpenRoundedIcon from '@mui/icons-material/LockOpenRounded';
import MarkEmailUnreadRoundedIcon from '@mui/icons-material/MarkEmailUnreadRounded';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import WorkOutlineRoundedIcon from '@mui/icons-material/WorkOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { DEFAULT_LIST_PARAMS, eventRequestsQuery, type EventRequestItem } from '@/features/event-requests/api/list-event-requests';
import { useRejectEventRequest, type RejectionReason } from '@/features/event-requests/api/reject-event-request';
import type { RequestIntentState } from '@/features/event-requests/components/event-request-detail-page';
import { RejectDialog } from '@/features/event-requests/components/reject-dialog';
import { SoonChip } from '@/features/event-requests/components/request-chips';
import { rememberShown, shownRequests } from '@/features/event-requests/new-requests-memory';
import { formatEventDate, isPremiumUser, requestStatus, soonDays } from '@/features/event-requests/request-status';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError } from '@/lib/api-error';
import { hasRole, isImpersonated, type User } from '@/lib/auth/user';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', '& svg': { fontSize: 18 } }}>
      <Box sx={{ display: 'flex' }} aria-hidden="true">
        {icon}
      </Box>
      <Typography variant="body2" color="text.primary">
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
      <Dialog open={!rejecting} onClose={onClose} aria-labelledby="new-request-title" maxWidth="xs" fullWidth data-testid="new-request-popup">
        <DialogTitle id="new-request-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pb: 1 }}>
          <Box
            aria-hidden="true"
            sx={{ width: 40, height: 40, borderRadius: '50%', display: 'grid', placeItems: 'center', color: 'primary.main', bgcolor: (theme) => `${theme.palette.primary.main}14`, flexShrink: 0 }}
          >
            <MarkEmailUnreadRoundedIcon />
          </Box>
          {count > 1 ? t('requests.popup.titleMany', { n: count }) : t('requests.popup.titleOne')}
        </DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('requests.popup.text')}
          </Typography>
          <Box sx={{ p: 2, borderRadius: 2, border: '1px solid', borderColor: 'divider', bgcolor: 'grey.50' }} data-testid="popup-request">
            <Typography variant="h3" component="p" sx={{ fontSize: '1.0625rem', mb: 0.5 }}>
              {project.eventTypeLabel}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatEventDate(project.eventDate, i18n.language)}
              </Typography>
              {days !== null && <SoonChip days={days} />}
            </Box>
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.75 }}>
              <Fact icon={<PlaceOutlinedIcon />}>{[project.eventLocationCity, project.eventLocationCountry].filter(Boolean).join(', ')}</Fact>
              <Fact icon={<WorkOutlineRoundedIcon />}>{project.serviceTypeLabel}</Fact>
              {project.budgetRangeLabel && <Fact icon={<EuroRoundedIcon />}>{project.budgetRangeLabel}</Fact>}
              {project.guestRangeLabel && <Fact icon={<GroupsRoundedIcon />}>{project.guestRangeLabel}</Fact>}
            </Box>
          </Box>
          {count > 1 && (
            <Link component={RouterLink} to="/event-requests" onClick={onClose} variant="body2" sx={{ display: 'inline-block', mt: 2 }}>
              {t('requests.popup.seeAll', { n: count })}
            </Link>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={onClose}>{t('requests.popup.later')}</Button>
          <Button variant="outlined" color="error" onClick={() => setRejecting(true)}>
            {t('requests.actions.reject')}
          </Button>
          <Button variant="contained" onClick={view} startIcon={open ? undefined : <LockOpenRoundedIcon />}>
            {open ? t('requests.popup.view') : t('requests.actions.unlock')}
          </Button>
        </DialogActions>
      </Dialog>
      <RejectDialog open={rejecting} pending={reject.isPending} onConfirm={confirmReject} onClose={() => setRejecting(false)} />
    </>
  );
}

interface PopupGateProps {
  userId: string;
  premium: boolean;
}

function NewRequestPrompt({ userId, premium }: PopupGateProps) {
  const list = useQuery(eventRequestsQuery(DEFAULT_LIST_PARAMS));
  const [pick, setPick] = useState<{ request: EventRequestItem; count: number; fresh: string[] } | null | undefined>(undefined);
  const [closed, setClosed] = useState(false);

  // Decided once, from the first answer: later refetches never swap the request under the user's eyes.
  if (pick === undefined && list.data) {
    const shown = shownRequests(userId);
    const fresh = list.data.eventRequests.filter((request) => !request.isSeen && !request.isRejected);
    const first = fresh.find((request) => !shown.has(request.uuid));
    setPick(first ? { request: first, count: Math.max(list.data.unreadMessages, 1), fresh: fresh.map((request) => request.uuid) } : null);
  }

  useEffect(() => {
    if (pick) rememberShown(userId, pick.fresh);
  }, [pick, userId]);

  if (!pick || closed) return null;
  return <Popup request={pick.request} count={pick.count} premium={premium} onClose={() => setClosed(true)} />;
}

const DASHBOARD_PATHS = ['/', '/dashboard'];

/**
 * Part 2 §2: the new-request popup (later, reject, unlock). Shown on the
 * dashboard, where a sign-in lands, when a moderated planner has requests
 * never opened: the newest of them, with the number of new requests. Each
 * request is presented once a browser session; "later" brings it back in the
 * next session if it is still unseen. Unlock opens the request with its
 * unlock confirmation. An admin impersonating the planner is not prompted.
 */
export function NewRequestPopup({ user }: { user: User }) {
  const { pathname } = useLocation();
  const eligible = hasRole(user, 'ROLE_PRESTATAIRE') && user.isModerated && !isImpersonated(user);
  if (!eligible || !DASHBOARD_PATHS.includes(pathname)) return null;
  return <NewRequestPrompt userId={user.id} premium={isPremiumUser(user)} />;
}
