import InboxRoundedIcon from '@mui/icons-material/InboxRounded';
import TollRoundedIcon from '@mui/icons-material/TollRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useEventRequests } from '@/features/event-requests/api/list-event-requests';
import { CardsSkeleton, EventRequestCards } from '@/features/event-requests/components/event-request-cards';
import { PremiumBanner } from '@/features/event-requests/components/premium-banner';
import { usePageAndSort } from '@/features/event-requests/hooks/use-page-and-sort';
import { isPremiumUser } from '@/features/event-requests/request-status';
import { describeError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/auth/session';

// The data grid weighs about 250 KB gzipped: phones, which show cards, never load it.
const EventRequestsGrid = lazy(() =>
  import('@/features/event-requests/components/event-requests-grid').then((module) => ({ default: module.EventRequestsGrid })),
);

function GridSkeleton() {
  return (
    <Card aria-busy="true" data-testid="requests-loading">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Skeleton variant="rounded" height={40} />
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={52} />
        ))}
      </CardContent>
    </Card>
  );
}

function EmptyState() {
  const { t } = useTranslation();
  return (
    <Card data-testid="requests-empty">
      <CardContent sx={{ py: { xs: 5, sm: 8 }, px: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5 }}>
        <Box
          sx={{ width: 72, height: 72, borderRadius: '50%', display: 'grid', placeItems: 'center', color: 'primary.main', bgcolor: (theme) => `${theme.palette.primary.main}14` }}
          aria-hidden="true"
        >
          <InboxRoundedIcon sx={{ fontSize: 36 }} />
        </Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('requests.empty.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 460 }}>
          {t('requests.empty.text')}
        </Typography>
        <Button component={RouterLink} to="/" variant="outlined" sx={{ mt: 1 }}>
          {t('requests.empty.action')}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The event requests list of part 2 §2: server paging (25, 50, 100) and sort,
 * a dot on unseen requests, the unread count, the premium banner for free
 * providers; a data grid on desktop, cards under 600 px.
 */
export function EventRequestsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const premium = isPremiumUser(user);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [params, setParams] = usePageAndSort();
  const list = useEventRequests(params);
  const data = list.data;
  const loading = list.isFetching;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / params.pageSize)) : 1;

  useEffect(() => {
    // A page past the end (an old link, a request rejected meanwhile) goes to the last page.
    if (data && !list.isPlaceholderData && params.page > lastPage) setParams({ page: lastPage });
  }, [data, list.isPlaceholderData, params.page, lastPage, setParams]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h1">{t('requests.list.title')}</Typography>
            {data && data.unreadMessages > 0 && (
              <Chip color="primary" size="small" label={t('conversation.unread', { count: data.unreadMessages })} data-testid="unread-count" />
            )}
          </Box>
          <Typography color="text.secondary">{t('requests.list.subtitle')}</Typography>
        </Box>
        {!premium && (
          <Chip
            icon={<TollRoundedIcon />}
            label={t('credits.chip', { count: user.credits })}
            variant="outlined"
            color={user.credits > 0 ? 'primary' : 'error'}
            component={RouterLink}
            to="/credits"
            clickable
            data-testid="requests-credits"
          />
        )}
      </Box>

      {!premium && <PremiumBanner />}

      {list.isError && (
        <Alert
          severity="error"
          data-testid="requests-error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeError(list.error, t, 'requests.errors.loading')}
        </Alert>
      )}

      {list.isPending && (phone ? <CardsSkeleton /> : <GridSkeleton />)}

      {data && data.total === 0 && <EmptyState />}

      {data && data.total > 0 &&
        (phone ? (
          <EventRequestCards rows={data.eventRequests} total={data.total} params={params} premium={premium} loading={loading} onChange={setParams} />
        ) : (
          <Suspense fallback={<GridSkeleton />}>
            <EventRequestsGrid rows={data.eventRequests} total={data.total} params={params} premium={premium} loading={loading} onChange={setParams} />
          </Suspense>
        ))}
    </Box>
  );
}
