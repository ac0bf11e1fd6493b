import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useAuditLog, type AuditEntry } from '@/features/admin/api/list-audit-log';
import { AdminPage } from '@/features/admin/components/admin-page';
import { DataTable, type Column } from '@/features/admin/components/data-table';
import { QueryState } from '@/features/admin/components/query-state';
import { formatDateTime } from '@/features/admin/format';
import { usePageAndFilters } from '@/features/admin/hooks/use-page-and-filters';

/** The readable name of an action ("moderation.approve" -> "Provider approved"), else its code. */
function actionLabel(action: string, t: TFunction, exists: (key: string) => boolean): string {
  const key = `admin.audit.actions.${action.replace(/\./g, '_')}`;
  return exists(key) ? t(key) : action;
}

/** The details JSON object as "key: value" pairs; anything else as it is. */
function details(raw: string): [string, unknown][] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return Object.entries(parsed as Record<string, unknown>);
  } catch {
    // not JSON: shown raw below
  }
  return [['', raw]];
}

/** Where a detail's value has a text of its own (a status, an audience), the key of that text. */
const VALUE_KEYS: Record<string, string> = {
  type: 'admin.marketing.audiences.',
  siretStatus: 'admin.siret.status.',
  from: 'admin.reviews.status.',
};

/** A detail's value in words: yes or no, a signed amount, a status's name; else as it is. */
function detailValue(key: string, value: unknown, t: TFunction, exists: (key: string) => boolean): string {
  if (typeof value === 'boolean') return t(value ? 'admin.audit.yes' : 'admin.audit.no');
  if (key === 'amount' && typeof value === 'number') return value > 0 ? `+${value}` : String(value);
  if (typeof value === 'string') {
    const prefix = VALUE_KEYS[key];
    return prefix && exists(prefix + value) ? t(prefix + value) : value;
  }
  return JSON.stringify(value);
}

/** Every admin action, newest first: who, what, to whom, when. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const { page, setPage } = usePageAndFilters();
  const log = useAuditLog(page);
  const exists = (key: string) => i18n.exists(key);

  const detailKey = (key: string) => {
    const k = `admin.audit.details.${key}`;
    return exists(k) ? t(k) : key;
  };

  const who = (entry: AuditEntry) => (
    <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
      {entry.actorEmail ?? entry.actorId}
    </Typography>
  );
  const what = (entry: AuditEntry) => (
    <Chip size="small" variant="outlined" label={actionLabel(entry.action, t, exists)} title={entry.action} />
  );
  const target = (entry: AuditEntry) => (
    <Typography variant="body2" sx={{ overflowWrap: 'break-word' }} color={entry.targetEmail ? 'text.primary' : 'text.secondary'}>
      {entry.targetEmail ?? entry.targetId ?? '—'}
    </Typography>
  );
  const detail = (entry: AuditEntry) => {
    const pairs = details(entry.details);
    if (pairs.length === 0) return <Typography variant="body2" color="text.secondary">—</Typography>;
    return (
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1, rowGap: 0.25, typography: 'body2' }}>
        {pairs.map(([key, value]) => (
          <Box key={key || 'raw'} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {key ? detailKey(key) : ''}
            </Box>
            <Box component="dd" sx={{ m: 0, overflowWrap: 'break-word' }}>
              {detailValue(key, value, t, exists)}
            </Box>
          </Box>
        ))}
      </Box>
    );
  };
  const when = (entry: AuditEntry) => (
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(entry.createdAt, i18n.language)}
    </Typography>
  );

  const columns: Column<AuditEntry>[] = [
    { id: 'when', header: t('admin.audit.when'), cell: when, width: 170 },
    { id: 'who', header: t('admin.audit.who'), cell: who },
    { id: 'what', header: t('admin.audit.what'), cell: what },
    { id: 'target', header: t('admin.audit.target'), cell: target },
    { id: 'details', header: t('admin.audit.detailsLabel'), cell: detail, width: '34%' },
  ];

  const card = (entry: AuditEntry) => (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {what(entry)}
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(entry.createdAt, i18n.language)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
        {t('admin.audit.byOn', { who: entry.actorEmail ?? entry.actorId, target: entry.targetEmail ?? entry.targetId ?? '—' })}
      </Typography>
      {entry.details && detail(entry)}
    </Box>
  );

  return (
    <AdminPage title={t('menu.auditLog')} subtitle={t('admin.audit.subtitle')}>
      <QueryState query={log} isEmpty={(data) => data.items.length === 0} emptyTitle={t('admin.audit.empty')}>
        {(data) => (
          <DataTable
            label={t('admin.audit.tableLabel')}
            rows={data.items}
            rowKey={(entry) => entry.id}
            columns={columns}
            card={card}
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={setPage}
            fetching={log.isPlaceholderData}
          />
        )}
      </QueryState>
    </AdminPage>
  );
}
