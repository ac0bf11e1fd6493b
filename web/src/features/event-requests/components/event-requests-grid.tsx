import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridLocaleText, type GridSortModel } from '@mui/x-data-grid';
import { deDE, enUS, esES, frFR, itIT, nlNL, ptPT } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { EventRequestItem, ListParams, PageSize } from '@/features/event-requests/api/list-event-requests';
import { PAGE_SIZES } from '@/features/event-requests/api/list-event-requests';
import { SoonChip, StatusChip, UnseenDot } from '@/features/event-requests/components/request-chips';
import { UnlockCapChip } from '@/features/event-requests/components/unlock-cap';
import { RefundChip } from '@/features/event-requests/components/refund-notice';
import { formatDate, formatEventDate, requestStatus, soonDays } from '@/features/event-requests/request-status';
import { requestSubtitle } from '@/features/event-requests/request-venue';
import { visuallyHidden } from '@/components/ui/visually-hidden';

const GRID_TEXTS: Record<string, Partial<GridLocaleText>> = {
  de: deDE.components.MuiDataGrid.defaultProps.localeText,
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  fr: frFR.components.MuiDataGrid.defaultProps.localeText,
  it: itIT.components.MuiDataGrid.defaultProps.localeText,
  nl: nlNL.components.MuiDataGrid.defaultProps.localeText,
  pt: ptPT.components.MuiDataGrid.defaultProps.localeText,
};

interface EventRequestsGridProps {
  rows: EventRequestItem[];
  total: number;
  params: ListParams;
  premium: boolean;
  loading: boolean;
  onChange: (next: Partial<ListParams>) => void;
}

/**
 * The desktop list (part 2 §2): a data grid paged and sorted by the server
 * (received date or event date). A row opens its request; each row also has
 * a real link for keyboards and screen readers.
 */
export function EventRequestsGrid({ rows, total, params, premium, loading, onChange }: EventRequestsGridProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language;

  const columns = useMemo<GridColDef<EventRequestItem>[]>(
    () => [
      {
        field: 'request',
        headerName: t('requests.columns.request'),
        flex: 1.4,
        minWidth: 200,
        sortable: false,
        valueGetter: (_value, row) => row.project.eventTypeLabel,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
            <Box sx={{ width: 10, display: 'flex', justifyContent: 'center' }}>{(!row.isSeen || row.unreadMessages > 0) && <UnseenDot unread={row.isSeen} />}</Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: row.isSeen ? 500 : 700 }}>
                {row.project.eventTypeLabel}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="p" data-testid={row.venue ? 'request-venue' : undefined}>
                {requestSubtitle(row, t)}
              </Typography>
            </Box>
          </Box>
        ),
      },
      {
        field: 'eventDate',
        headerName: t('requests.columns.eventDate'),
        flex: 1.1,
        minWidth: 190,
        valueGetter: (_value, row) => row.project.eventDate,
        renderCell: ({ row }) => {
          const days = soonDays(row.project.eventDate);
          return (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', flexWrap: 'wrap' }}>
              <Typography variant="body2">{formatEventDate(row.project.eventDate, locale, 'medium')}</Typography>
              {days !== null && <SoonChip days={days} />}
            </Box>
          );
        },
      },
      {
        field: 'location',
        headerName: t('requests.columns.location'),
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueGetter: (_value, row) => row.project.eventLocationCity,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {row.project.eventLocationCity}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {row.project.eventLocationCountry}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'budget',
        headerName: t('requests.columns.budgetGuests'),
        flex: 1,
        minWidth: 170,
        sortable: false,
        valueGetter: (_value, row) => row.project.budgetRangeLabel,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {row.project.budgetRangeLabel || '—'}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {row.project.guestRangeLabel || '—'}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'status',
        headerName: t('requests.columns.status'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center', gap: 0.5, height: '100%' }}>
            <StatusChip status={requestStatus(row, premium)} />
            <UnlockCapChip request={row} />
            <RefundChip request={row} />
          </Box>
        ),
      },
      {
        field: 'createdAt',
        headerName: t('requests.columns.received'),
        width: 140,
        valueFormatter: (value: string) => formatDate(value, locale),
      },
      {
        field: 'open',
        headerName: t('requests.columns.open'),
        width: 60,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderHeader: () => (
          <Box component="span" sx={visuallyHidden}>
            {t('requests.columns.open')}
          </Box>
        ),
        renderCell: ({ row }) => (
          <IconButton
            component={RouterLink}
            to={`/event-requests/${row.uuid}`}
            size="small"
            aria-label={t('requests.openRequest', { type: row.project.eventTypeLabel, city: row.project.eventLocationCity })}
            onClick={(event: React.MouseEvent) => event.stopPropagation()}
          >
            <ChevronRightRoundedIcon />
          </IconButton>
        ),
      },
    ],
    [t, locale, premium],
  );

  // Stable models: a new sort model object would make the grid reset to the first page.
  const sortModel = useMemo<GridSortModel>(() => [{ field: params.sortField, sort: params.sortDirection }], [params.sortField, params.sortDirection]);
  const paginationModel = useMemo(() => ({ page: params.page - 1, pageSize: params.pageSize }), [params.page, params.pageSize]);

  return (
    <DataGrid
      rows={rows}
      columns={columns}
      getRowId={(row) => row.uuid}
      rowCount={total}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={(model) => {
        if (model.pageSize !== params.pageSize) onChange({ pageSize: model.pageSize as PageSize, page: 1 });
        else onChange({ page: model.page + 1 });
      }}
      pageSizeOptions={[...PAGE_SIZES]}
      sortModel={sortModel}
      sortingOrder={['desc', 'asc']}
      onSortModelChange={(model) => {
        const first = model[0];
        if (!first?.sort) return;
        if (first.field === 'createdAt' || first.field === 'eventDate') onChange({ sortField: first.field, sortDirection: first.sort });
      }}
      onRowClick={({ row }) => void navigate(`/event-requests/${(row as EventRequestItem).uuid}`)}
      getRowClassName={({ row }) => (row.isSeen && row.unreadMessages === 0 ? '' : 'request-unseen')}
      localeText={GRID_TEXTS[locale.slice(0, 2)] ?? GRID_TEXTS.en}
      rowHeight={64}
      columnHeaderHeight={48}
      autoHeight
      disableVirtualization
      disableColumnMenu
      disableColumnResize
      disableRowSelectionOnClick
      hideFooterSelectedRowCount
      aria-label={t('requests.list.gridLabel')}
      data-testid="requests-grid"
      sx={{
        bgcolor: 'background.paper',
        borderRadius: 3,
        '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        '& .MuiDataGrid-row': { cursor: 'pointer' },
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
        '& .request-unseen': { bgcolor: (theme) => `${theme.palette.primary.main}0a` },
      }}
    />
  );
}
