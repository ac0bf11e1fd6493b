import EuroRoundedIcon from '@mui/icons-material/EuroRounded';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  PAGE_SIZES,
  type EventRequestItem,
  type ListParams,
  type PageSize,
  type SortDirection,
  type SortField,
} from '@/features/event-requests/api/list-event-requests';
import { SoonChip, StatusChip, UnseenDot } from '@/features/event-requests/components/request-chips';
import { UnlockCapChip } from '@/features/event-requests/components/unlock-cap';
import { RefundChip } from '@/features/event-requests/components/refund-notice';
import { formatDate, formatEventDate, requestStatus, soonDays } from '@/features/event-requests/request-status';
import { requestSubtitle } from '@/features/event-requests/request-venue';

export const SORT_OPTIONS: { value: `${SortField}:${SortDirection}`; labelKey: string }[] = [
  { value: 'createdAt:desc', labelKey: 'requests.sort.newest' },
  { value: 'createdAt:asc', labelKey: 'requests.sort.oldest' },
  { value: 'eventDate:asc', labelKey: 'requests.sort.eventSoonest' },
  { value: 'eventDate:desc', labelKey: 'requests.sort.eventLatest' },
];

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary', minWidth: 0 }}>
      <Box sx={{ display: 'flex', '& svg': { fontSize: 18 } }} aria-hidden="true">
        {icon}
      </Box>
      <Typography variant="body2" color="text.primary" noWrap>
        {children}
      </Typography>
    </Box>
  );
}

function RequestCard({ request, premium }: { request: EventRequestItem; premium: boolean }) {
  const { t, i18n } = useTranslation();
  const { project } = request;
  const days = soonDays(project.eventDate);
  const facts = [project.budgetRangeLabel, project.guestRangeLabel].some(Boolean);
  return (
    <Card component="li" sx={{ listStyle: 'none', borderColor: request.isSeen ? undefined : 'primary.light' }} data-testid="request-card">
      <CardActionArea component={RouterLink} to={`/event-requests/${request.uuid}`} sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1.25 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {(!request.isSeen || request.unreadMessages > 0) && <UnseenDot unread={request.isSeen} />}
              <Typography variant="h3" component="h2" sx={{ fontSize: '1rem', fontWeight: request.isSeen ? 600 : 700 }} noWrap>
                {project.eventTypeLabel}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" noWrap data-testid={request.venue ? 'request-venue' : undefined}>
              {requestSubtitle(request, t)}
            </Typography>
          </Box>
          <StatusChip status={requestStatus(request, premium)} />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {formatEventDate(project.eventDate, i18n.language)}
          </Typography>
          {days !== null && <SoonChip days={days} />}
          <UnlockCapChip request={request} />
          <RefundChip request={request} />
        </Box>
        <Fact icon={<PlaceOutlinedIcon />}>{[project.eventLocationCity, project.eventLocationCountry].filter(Boolean).join(', ')}</Fact>
        {facts && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {project.budgetRangeLabel && <Fact icon={<EuroRoundedIcon />}>{project.budgetRangeLabel}</Fact>}
            {project.guestRangeLabel && <Fact icon={<GroupsRoundedIcon />}>{project.guestRangeLabel}</Fact>}
          </Box>
        )}
        <Typography variant="caption" color="text.secondary">
          {t('requests.receivedOn', { date: formatDate(request.createdAt, i18n.language) })}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

interface EventRequestCardsProps {
  rows: EventRequestItem[];
  total: number;
  params: ListParams;
  premium: boolean;
  loading: boolean;
  onChange: (next: Partial<ListParams>) => void;
}

/** The phone list (under 600 px): one card per request, a sort menu and the pager. */
export function EventRequestCards({ rows, total, params, premium, loading, onChange }: EventRequestCardsProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="requests-cards">
      <TextField
        select
        size="small"
        label={t('requests.sort.label')}
        value={`${params.sortField}:${params.sortDirection}`}
        onChange={(event) => {
          const [sortField, sortDirection] = event.target.value.split(':') as [SortField, SortDirection];
          onChange({ sortField, sortDirection });
        }}
        data-testid="sort-select"
      >
        {SORT_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {t(option.labelKey)}
          </MenuItem>
        ))}
      </TextField>
      <Box component="ul" aria-busy={loading ? 'true' : 'false'} aria-label={t('requests.list.gridLabel')} sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5, opacity: loading ? 0.6 : 1 }}>
        {rows.map((request) => (
          <RequestCard key={request.uuid} request={request} premium={premium} />
        ))}
      </Box>
      <TablePagination
        component="div"
        count={total}
        page={params.page - 1}
        rowsPerPage={params.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, page) => onChange({ page: page + 1 })}
        onRowsPerPageChange={(event) => onChange({ pageSize: Number(event.target.value) as PageSize })}
        labelRowsPerPage={t('requests.pager.perPage')}
        labelDisplayedRows={({ from, to, count }) => t('requests.pager.range', { from, to, count })}
        getItemAriaLabel={(type) => t(`requests.pager.${type}`)}
        sx={{ '& .MuiTablePagination-toolbar': { px: 0, flexWrap: 'wrap', justifyContent: 'flex-end' } }}
      />
    </Box>
  );
}

export function CardsSkeleton() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} aria-busy="true" data-testid="requests-loading">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={148} />
      ))}
    </Box>
  );
}
