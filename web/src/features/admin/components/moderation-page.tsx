import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useApproveProvider } from '@/features/admin/api/approve-provider';
import { useModerationQueue, type ModerationItem } from '@/features/admin/api/list-moderation';
import { AdminPage } from '@/features/admin/components/admin-page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/features/admin/components/data-table';
import { DetailList } from '@/features/admin/components/detail-list';
import { QueryState } from '@/features/admin/components/query-state';
import { RejectProviderDialog } from '@/features/admin/components/reject-provider-dialog';
import { RoleChip, SiretChip } from '@/features/admin/components/status-chips';
import { SiretVerifyDialog } from '@/features/admin/components/siret-verify-dialog';
import { formatDate, formatDateTime, fullName } from '@/features/admin/format';
import { usePageAndFilters } from '@/features/admin/hooks/use-page-and-filters';
import { useNotify } from '@/components/ui/snackbar-provider';
import { HOME_COUNTRY } from '@/lib/countries';
import { regionNamesOf } from '@/lib/region-names';

type DialogState = { kind: 'details' | 'approve' | 'reject' | 'siret'; item: ModerationItem } | null;

const displayName = (item: ModerationItem) => item.companyName || fullName(item);

/** A profile with an unverified SIRET stays hidden from the directory even once approved (France only: no register elsewhere). */
const siretBlocksVisibility = (item: ModerationItem) => item.country === HOME_COUNTRY && item.siret !== '' && item.siretStatus !== 'active';

/** The number's name in the company's country (SIRET, Partita IVA…), shown under a number of another country. */
function numberName(t: TFunction, country: string): string {
  return country === HOME_COUNTRY ? 'SIRET' : t(`company_number.label.${country.toLowerCase()}`);
}

/**
 * The moderation queue: providers who finished onboarding and wait, oldest
 * first; approve (profile public, owner e-mailed) or reject with a reason.
 */
export function ModerationPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { page, setPage } = usePageAndFilters();
  const queue = useModerationQueue(page);
  const approve = useApproveProvider();
  const [dialog, setDialog] = useState<DialogState>(null);
  const region = useMemo(() => regionNamesOf(i18n.language), [i18n.language]);

  const open = (kind: NonNullable<DialogState>['kind'], item: ModerationItem) => {
    approve.reset();
    setDialog({ kind, item });
  };

  const actions = (item: ModerationItem, stretch = false) => (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: stretch ? 'wrap' : 'nowrap', justifyContent: stretch ? 'stretch' : 'flex-end', '& > *': stretch ? { flex: 1 } : {} }}>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<CloseIcon aria-hidden="true" />}
        onClick={() => open('reject', item)}
        aria-label={t('admin.moderation.rejectOf', { name: displayName(item) })}
      >
        {t('admin.moderation.reject')}
      </Button>
      <Button
        size="small"
        variant="contained"
        color="success"
        startIcon={<CheckIcon aria-hidden="true" />}
        onClick={() => open('approve', item)}
        aria-label={t('admin.moderation.approveOf', { name: displayName(item) })}
      >
        {t('admin.moderation.approve')}
      </Button>
    </Box>
  );

  const siret = (item: ModerationItem) =>
    item.siret ? (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
        <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {item.siret}
        </Box>
        {item.country === HOME_COUNTRY ? (
          <SiretChip status={item.siretStatus} />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {numberName(t, item.country)}
          </Typography>
        )}
      </Box>
    ) : (
      <Typography variant="body2" color="text.secondary">
        {t('company_number.none')}
      </Typography>
    );

  const provider = (item: ModerationItem) => (
    <Box sx={{ minWidth: 0 }}>
      {/* The name opens everything known about the provider, with the SIRET check. */}
      <Link
        component="button"
        type="button"
        onClick={() => open('details', item)}
        aria-label={t('admin.moderation.detailsOf', { name: displayName(item) })}
        sx={{ fontWeight: 600, fontSize: '1rem', textAlign: 'left', overflowWrap: 'break-word' }}
      >
        {displayName(item)}
      </Link>
      <Box sx={{ mt: 0.5 }}>
        <RoleChip role={item.role} />
      </Box>
      {item.moderationNote && (
        <Typography variant="body2" color="warning.dark" sx={{ mt: 0.75 }}>
          {t('admin.moderation.lastRefusal', { reason: item.moderationNote })}
        </Typography>
      )}
    </Box>
  );

  const columns: Column<ModerationItem>[] = [
    { id: 'provider', header: t('admin.moderation.provider'), cell: provider },
    {
      id: 'contact',
      header: t('admin.moderation.contact'),
      cell: (item) => (
        <>
          <Typography variant="body2">{fullName(item)}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
            {item.email}
          </Typography>
        </>
      ),
    },
    {
      id: 'place',
      header: t('admin.moderation.place'),
      cell: (item) => (
        <Typography variant="body2">
          {[item.city, item.country ? region(item.country) : ''].filter(Boolean).join(', ') || '—'}
        </Typography>
      ),
    },
    { id: 'siret', header: t('company_number.column'), cell: siret },
    {
      id: 'since',
      header: t('admin.moderation.since'),
      cell: (item) => <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{formatDate(item.createdAt, i18n.language)}</Typography>,
    },
    { id: 'actions', header: t('admin.table.actions'), hiddenHeader: true, align: 'right', cell: (item) => actions(item) },
  ];

  const card = (item: ModerationItem) => (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {provider(item)}
      <Box>
        <Typography variant="body2">{fullName(item)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
          {item.email}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[item.city, item.country ? region(item.country) : ''].filter(Boolean).join(', ')} · {formatDate(item.createdAt, i18n.language)}
        </Typography>
      </Box>
      {siret(item)}
      {actions(item, true)}
    </Box>
  );

  const approveItem = (item: ModerationItem) =>
    approve.mutate(item.id, {
      onSuccess: () => {
        notify(t('admin.moderation.approved', { name: displayName(item) }));
        setDialog(null);
      },
    });

  return (
    <AdminPage
      title={t('menu.moderation')}
      subtitle={queue.data ? t('admin.moderation.subtitleCount', { total: queue.data.total }) : t('admin.moderation.subtitle')}
    >
      <QueryState
        query={queue}
        isEmpty={(data) => data.items.length === 0}
        emptyTitle={t('admin.moderation.emptyTitle')}
        emptyText={t('admin.moderation.emptyText')}
      >
        {(data) => (
          <DataTable
            label={t('admin.moderation.tableLabel')}
            rows={data.items}
            rowKey={(item) => item.id}
            columns={columns}
            card={card}
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={setPage}
            fetching={queue.isPlaceholderData}
          />
        )}
      </QueryState>

      {dialog?.kind === 'details' && (
        <ProviderDetailsDialog
          item={dialog.item}
          region={region}
          locale={i18n.language}
          onClose={() => setDialog(null)}
          onAction={(kind) => open(kind, dialog.item)}
        />
      )}
      {dialog?.kind === 'approve' && (
        <ConfirmDialog
          open
          title={t('admin.moderation.approveTitle', { name: displayName(dialog.item) })}
          confirmLabel={t('admin.moderation.approve')}
          color="success"
          pending={approve.isPending}
          error={approve.error}
          errorFallbackKey="admin.errors.generic"
          onConfirm={() => approveItem(dialog.item)}
          onClose={() => setDialog(null)}
        >
          <DialogContentText>{t('admin.moderation.approveText', { email: dialog.item.email })}</DialogContentText>
          {siretBlocksVisibility(dialog.item) && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('admin.moderation.siretWarning')}
            </Alert>
          )}
        </ConfirmDialog>
      )}
      {dialog?.kind === 'reject' && <RejectProviderDialog item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'siret' && (
        <SiretVerifyDialog
          target={{ id: dialog.item.id, name: displayName(dialog.item), siret: dialog.item.siret, status: dialog.item.siretStatus }}
          onClose={() => setDialog(null)}
        />
      )}
    </AdminPage>
  );
}

interface DetailsProps {
  item: ModerationItem;
  region: (code: string) => string;
  locale: string;
  onClose: () => void;
  onAction: (kind: 'approve' | 'reject' | 'siret') => void;
}

/** Everything the queue knows about one provider, with the decisions and the SIRET check. */
function ProviderDetailsDialog({ item, region, locale, onClose, onAction }: DetailsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{displayName(item)}</DialogTitle>
      <DialogContent>
        <DetailList
          items={[
            { label: t('admin.moderation.type'), value: <RoleChip role={item.role} /> },
            { label: t('admin.moderation.owner'), value: fullName(item) },
            { label: t('admin.moderation.email'), value: item.email },
            { label: t('admin.moderation.city'), value: item.city || '—' },
            { label: t('admin.moderation.country'), value: item.country ? region(item.country) : '—' },
            {
              label: item.country && item.country !== HOME_COUNTRY ? numberName(t, item.country) : t('admin.siret.label'),
              value: item.siret ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {item.siret}
                  </Box>
                  {item.country === HOME_COUNTRY && (
                    <>
                      <SiretChip status={item.siretStatus} />
                      <Button size="small" onClick={() => onAction('siret')}>
                        {t('admin.siret.verify')}
                      </Button>
                    </>
                  )}
                </Box>
              ) : (
                t('company_number.none')
              ),
            },
            { label: t('admin.moderation.registered'), value: formatDateTime(item.createdAt, locale) },
            ...(item.moderationNote ? [{ label: t('admin.moderation.refusalReason'), value: item.moderationNote }] : []),
          ]}
        />
        {siretBlocksVisibility(item) && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('admin.moderation.siretWarning')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" color="error" onClick={() => onAction('reject')}>
          {t('admin.moderation.reject')}
        </Button>
        <Button variant="contained" color="success" onClick={() => onAction('approve')}>
          {t('admin.moderation.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
