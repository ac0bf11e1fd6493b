import LoginIcon from '@mui/icons-material/Login';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSearch, type AdminUser } from '@/features/admin/api/search-users';
import { AdminPage } from '@/features/admin/components/admin-page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CreditsDialog } from '@/features/admin/components/credits-dialog';
import { DataTable, type Column } from '@/features/admin/components/data-table';
import { QueryState } from '@/features/admin/components/query-state';
import { SiretVerifyDialog } from '@/features/admin/components/siret-verify-dialog';
import { ModeratedChip, PremiumChip, RoleChip } from '@/features/admin/components/status-chips';
import { formatDate, fullName } from '@/features/admin/format';
import { usePageAndFilters } from '@/features/admin/hooks/use-page-and-filters';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * How the screen starts an impersonation. The impersonation feature owns
 * it; the route hands it in, since features never import each other.
 */
export interface Impersonation {
  start: (userId: string) => void;
  pending: boolean;
  error: unknown;
  reset: () => void;
}

type Action = 'impersonate' | 'credits' | 'siret';

const SEARCH_DEBOUNCE_MS = 350;

const isProvider = (user: AdminUser) => user.role !== 'ROLE_ADMIN';

/** Users: search, credits, SIRET, moderation and premium at a glance; impersonate (a button per row), adjust credits or verify a SIRET (the row's menu). */
export function UsersPage({ impersonation }: { impersonation: Impersonation }) {
  const { t, i18n } = useTranslation();
  const { page, setPage, values, setFilter } = usePageAndFilters(['q']);
  const [text, setText] = useState(values.q);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // The address changed on its own (back button, a link): the field follows
  // it. The field's own pause coming back through the address is no such
  // change: the keys typed since it was sent stay.
  const [synced, setSynced] = useState(values.q);
  if (values.q !== synced) {
    setSynced(values.q);
    if (values.q !== debounced) setText(values.q);
  }
  const users = useUserSearch(values.q, page);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: AdminUser } | null>(null);
  const [dialog, setDialog] = useState<{ action: Action; user: AdminUser } | null>(null);

  // Typing goes to the address once it pauses; a stale debounced value never overrides the address.
  useEffect(() => {
    if (debounced === text.trim() && debounced !== values.q) setFilter('q', debounced);
  }, [debounced, text, values.q, setFilter]);

  const open = (action: Action, user: AdminUser) => {
    impersonation.reset();
    setDialog({ action, user });
  };

  const choose = (action: Action) => {
    if (!menu) return;
    open(action, menu.user);
    setMenu(null);
  };

  // Impersonation is the admin's everyday tool: a button on each row, named after its user; the rarer actions stay in the menu.
  const impersonateButton = (user: AdminUser) => (
    <Button
      size="small"
      variant="outlined"
      startIcon={<LoginIcon aria-hidden="true" />}
      aria-label={t('admin.users.impersonateUser', { name: fullName(user) })}
      onClick={() => open('impersonate', user)}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('admin.users.impersonateButton')}
    </Button>
  );

  const menuButton = (user: AdminUser) => (
    <IconButton
      aria-label={t('admin.users.actionsFor', { name: fullName(user) })}
      aria-haspopup="menu"
      onClick={(event) => setMenu({ anchor: event.currentTarget, user })}
    >
      <MoreVertIcon />
    </IconButton>
  );

  const actions = (user: AdminUser) =>
    isProvider(user) ? (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        {impersonateButton(user)}
        {menuButton(user)}
      </Box>
    ) : null;

  const identity = (user: AdminUser) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600 }}>{fullName(user)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
        {user.email}
      </Typography>
    </Box>
  );

  const columns: Column<AdminUser>[] = [
    { id: 'user', header: t('admin.users.user'), cell: identity },
    { id: 'role', header: t('admin.users.role'), cell: (user) => <RoleChip role={user.role} /> },
    { id: 'company', header: t('admin.users.company'), cell: (user) => <Typography variant="body2">{user.company || '—'}</Typography> },
    { id: 'moderated', header: t('admin.users.moderated'), cell: (user) => (isProvider(user) ? <ModeratedChip moderated={user.moderated} /> : '—') },
    { id: 'premium', header: t('admin.users.premium'), cell: (user) => (isProvider(user) ? <PremiumChip status={user.premium} /> : '—') },
    {
      id: 'credits',
      header: t('admin.users.credits'),
      align: 'right',
      cell: (user) => (isProvider(user) ? <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{user.credits}</Typography> : '—'),
    },
    {
      id: 'created',
      header: t('admin.users.created'),
      cell: (user) => <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt, i18n.language)}</Typography>,
    },
    { id: 'actions', header: t('admin.table.actions'), hiddenHeader: true, align: 'right', cell: actions },
  ];

  const card = (user: AdminUser) => (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>{identity(user)}</Box>
        {isProvider(user) && menuButton(user)}
      </Box>
      {user.company && <Typography variant="body2">{user.company}</Typography>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <RoleChip role={user.role} />
        {isProvider(user) && <ModeratedChip moderated={user.moderated} />}
        {isProvider(user) && <PremiumChip status={user.premium} />}
        {isProvider(user) && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('admin.users.creditsCount', { credits: user.credits })}
          </Typography>
        )}
      </Box>
      {isProvider(user) && <Box>{impersonateButton(user)}</Box>}
    </Box>
  );

  return (
    <AdminPage title={t('menu.users')} subtitle={t('admin.users.subtitle')}>
      <TextField
        type="search"
        label={t('admin.users.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        fullWidth
        sx={{ maxWidth: { md: 520 }, bgcolor: 'background.paper' }}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
      <QueryState
        query={users}
        isEmpty={(data) => data.items.length === 0}
        emptyTitle={values.q ? t('admin.users.noMatch', { q: values.q }) : t('admin.users.empty')}
        emptyText={values.q ? t('admin.users.noMatchHelp') : undefined}
      >
        {(data) => (
          <DataTable
            label={t('admin.users.tableLabel')}
            rows={data.items}
            rowKey={(user) => user.id}
            columns={columns}
            card={card}
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={setPage}
            fetching={users.isPlaceholderData}
          />
        )}
      </QueryState>

      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => choose('credits')}>
          <ListItemText>{t('admin.users.adjustCredits')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => choose('siret')}>
          <ListItemText>{t('admin.siret.verify')}</ListItemText>
        </MenuItem>
      </Menu>

      {dialog?.action === 'impersonate' && (
        <ConfirmDialog
          open
          title={t('admin.users.impersonateTitle', { name: fullName(dialog.user) })}
          confirmLabel={t('admin.users.impersonateButton')}
          pending={impersonation.pending}
          error={impersonation.error ?? undefined}
          errorFallbackKey="admin.errors.generic"
          onConfirm={() => impersonation.start(dialog.user.id)}
          onClose={() => setDialog(null)}
        >
          <DialogContentText>{t('admin.users.impersonateText', { email: dialog.user.email })}</DialogContentText>
        </ConfirmDialog>
      )}
      {dialog?.action === 'credits' && <CreditsDialog user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.action === 'siret' && (
        <SiretVerifyDialog target={{ id: dialog.user.id, name: dialog.user.company || fullName(dialog.user) }} onClose={() => setDialog(null)} />
      )}
    </AdminPage>
  );
}
