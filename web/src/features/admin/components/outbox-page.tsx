import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { OUTBOX_STATES, useOutbox, type OutboxMessage, type OutboxState } from '@/features/admin/api/list-outbox';
import { useResendOutbox } from '@/features/admin/api/resend-outbox';
import { AdminPage } from '@/features/admin/components/admin-page';
import { DataTable, type Column } from '@/features/admin/components/data-table';
import { DetailList } from '@/features/admin/components/detail-list';
import { OutboxStateChip } from '@/features/admin/components/outbox-state-chip';
import { QueryState } from '@/features/admin/components/query-state';
import { formatDateTime } from '@/features/admin/format';
import { usePageAndFilters } from '@/features/admin/hooks/use-page-and-filters';
import { usePhone } from '@/features/admin/hooks/use-phone';
import { asOutboxState, shortError, stateReasonKey } from '@/features/admin/outbox-facts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/components/ui/snackbar-provider';
import { isApiError } from '@/lib/api-error';

const NOT_FAILED = 'admin.outbox.errors.not_failed';

/** What a message's first line says: its subject, or the start of an SMS. */
const headline = (message: OutboxMessage) => message.subject || message.text.split('\n')[0] || '';

function ChannelLabel({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  const Icon = message.channel === 'sms' ? SmsOutlinedIcon : MailOutlineIcon;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color: 'text.secondary', whiteSpace: 'nowrap' }}>
      <Icon fontSize="small" aria-hidden="true" />
      <Typography variant="body2">{t(`admin.outbox.channel.${message.channel}`)}</Typography>
    </Box>
  );
}

/** Why a message is in its state, or when a sent one left. */
function stateNote(message: OutboxMessage, t: TFunction, locale: string): string {
  if (message.state === 'sent') return message.sentAt ? t('admin.outbox.sentAt', { date: formatDateTime(message.sentAt, locale) }) : '';
  const reason = stateReasonKey(message);
  return reason ? t(reason) : '';
}

/** The state's chip, then why the message is there: no relay, refused for good, gave up, or when it left. */
function StateDetails({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation();
  const note = stateNote(message, t, i18n.language);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <OutboxStateChip state={message.state} />
      {note && (
        <Typography variant="caption" color={message.state === 'failed' ? 'error' : 'text.secondary'} data-testid="outbox-state-note">
          {note}
        </Typography>
      )}
    </Box>
  );
}

/** The last attempt's error on one short line; hovering it, or opening the message, shows all of it. */
function ErrorLine({ message }: { message: OutboxMessage }) {
  if (!message.error) return null;
  return (
    <Typography variant="body2" title={message.error} data-testid="outbox-error" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
      {shortError(message.error)}
    </Typography>
  );
}

/**
 * E-mails and SMS the platform sends, newest first, with their delivery
 * state; a failed one can be sent again. Both filters (recipient and state)
 * live in the address like the other admin lists.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { page, setPage, values, setFilter } = usePageAndFilters(['to', 'state']);
  const state = asOutboxState(values.state);
  const [text, setText] = useState(values.to);
  // The address changed on its own (back button, a link): the field follows it.
  const [synced, setSynced] = useState(values.to);
  if (values.to !== synced) {
    setSynced(values.to);
    setText(values.to);
  }
  const outbox = useOutbox(values.to, state, page);
  const resend = useResendOutbox();
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const [resending, setResending] = useState<OutboxMessage | null>(null);

  const askResend = (message: OutboxMessage) => {
    resend.reset();
    setResending(message);
  };

  const doResend = (message: OutboxMessage) =>
    resend.mutate(message.id, {
      onSuccess: (queued) => {
        notify(t('admin.outbox.resent'));
        setResending(null);
        // The open message shows its new state rather than the one it had when opened.
        setOpen((current) => (current?.id === queued.id ? queued : current));
      },
    });

  const subject = (message: OutboxMessage) => (
    <Link component="button" type="button" onClick={() => setOpen(message)} sx={{ textAlign: 'left', fontWeight: 600, overflowWrap: 'anywhere' }}>
      {headline(message) || t('admin.outbox.noSubject')}
    </Link>
  );

  const resendButton = (message: OutboxMessage, fullWidth = false) =>
    message.state === 'failed' && (
      <Button size="small" variant="outlined" startIcon={<ReplayIcon aria-hidden="true" />} onClick={() => askResend(message)} fullWidth={fullWidth} sx={{ whiteSpace: 'nowrap' }}>
        {t('admin.outbox.resend')}
      </Button>
    );

  const columns: Column<OutboxMessage>[] = [
    {
      id: 'to',
      header: t('admin.outbox.to'),
      cell: (message) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
          <ChannelLabel message={message} />
          {/* break-word, not anywhere: an address breaks only when it cannot fit the column, which is wide enough for most. */}
          <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
            {message.to}
          </Typography>
        </Box>
      ),
      width: 260,
    },
    { id: 'subject', header: t('admin.outbox.subject'), cell: subject },
    {
      id: 'created',
      header: t('admin.outbox.created'),
      cell: (message) => <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(message.createdAt, i18n.language)}</Typography>,
    },
    { id: 'state', header: t('admin.outbox.state'), cell: (message) => <StateDetails message={message} />, width: 180 },
    { id: 'attempts', header: t('admin.outbox.attempts'), cell: (message) => <Typography variant="body2">{message.attempts}</Typography>, align: 'right', width: 90 },
    { id: 'error', header: t('admin.outbox.error'), cell: (message) => <ErrorLine message={message} />, width: 240 },
    { id: 'actions', header: t('admin.table.actions'), hiddenHeader: true, align: 'right', cell: (message) => resendButton(message) },
  ];

  const card = (message: OutboxMessage) => (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <ChannelLabel message={message} />
        <OutboxStateChip state={message.state} />
      </Box>
      {subject(message)}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {message.to}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[formatDateTime(message.createdAt, i18n.language), t('admin.outbox.attemptsLine', { n: message.attempts })].join(' · ')}
      </Typography>
      <StateNote message={message} />
      <ErrorLine message={message} />
      {message.state === 'failed' && <Box sx={{ pt: 0.5 }}>{resendButton(message, true)}</Box>}
    </Box>
  );

  const emptyTitle = state ? t(`admin.outbox.emptyState.${state}`) : values.to ? t('admin.outbox.noneFor', { to: values.to }) : t('admin.outbox.empty');

  return (
    <AdminPage title={t('menu.outbox')} subtitle={t('admin.outbox.subtitle')}>
      <Tabs
        value={state || 'all'}
        onChange={(_, next: OutboxState | 'all') => setFilter('state', next === 'all' ? '' : next)}
        aria-label={t('admin.outbox.stateFilter')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="all" label={t('admin.outbox.allStates')} />
        {OUTBOX_STATES.map((value) => (
          <Tab key={value} value={value} label={t(`admin.outbox.states.${value}`)} />
        ))}
      </Tabs>
      <Box
        component="form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter('to', text.trim());
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          label={t('admin.outbox.filter')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText={t('admin.outbox.filterHelp')}
          sx={{ flex: '1 1 260px', maxWidth: { md: 420 }, bgcolor: 'background.paper', '& .MuiFormHelperText-root': { bgcolor: 'background.default', m: 0, px: 1.75, pt: 0.5 } }}
        />
        <Button type="submit" variant="contained" sx={{ height: 56 }}>
          {t('admin.outbox.apply')}
        </Button>
        {values.to && (
          <Button
            sx={{ height: 56 }}
            onClick={() => {
              setText('');
              setFilter('to', '');
            }}
          >
            {t('admin.outbox.clear')}
          </Button>
        )}
      </Box>
      <QueryState
        query={outbox}
        isEmpty={(data) => data.items.length === 0}
        emptyTitle={emptyTitle}
        emptyText={state && values.to ? t('admin.outbox.recipientLine', { to: values.to }) : undefined}
      >
        {(data) => (
          <DataTable
            label={t('admin.outbox.tableLabel')}
            rows={data.items}
            rowKey={(message) => message.id}
            columns={columns}
            card={card}
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={setPage}
            fetching={outbox.isPlaceholderData}
          />
        )}
      </QueryState>
      {open && <MessageViewer message={open} onClose={() => setOpen(null)} onResend={askResend} />}
      {resending && (
        <ConfirmDialog
          open
          title={t('admin.outbox.resendTitle')}
          confirmLabel={t('admin.outbox.resend')}
          pending={resend.isPending}
          error={resend.error ?? undefined}
          // The server words the refusal in the admin's language; this text stands in if it sends none.
          errorFallbackKey={isApiError(resend.error) && resend.error.code === NOT_FAILED ? NOT_FAILED : 'admin.errors.generic'}
          onConfirm={() => doResend(resending)}
          onClose={() => setResending(null)}
        >
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            {t('admin.outbox.resendText', { subject: headline(resending) || t('admin.outbox.noSubject'), to: resending.to })}
          </DialogContentText>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

/** The line under a card's chip: the same words as the table's state column. */
function StateNote({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation();
  const note = stateNote(message, t, i18n.language);
  if (!note) return null;
  return (
    <Typography variant="body2" color={message.state === 'failed' ? 'error' : 'text.secondary'} data-testid="outbox-state-note">
      {note}
    </Typography>
  );
}

/**
 * One message as it was sent, with its delivery: state, attempts, the last
 * error in full. The HTML of an e-mail is shown in a sandboxed frame (no
 * scripts, no same-origin access), its text version beside it.
 */
function MessageViewer({ message, onClose, onResend }: { message: OutboxMessage; onClose: () => void; onResend: (message: OutboxMessage) => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fullScreen = usePhone();
  const [view, setView] = useState<'html' | 'text'>(message.html ? 'html' : 'text');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {headline(message) || t('admin.outbox.noSubject')}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DetailList
          items={[
            { label: t('admin.outbox.channelLabel'), value: t(`admin.outbox.channel.${message.channel}`) },
            { label: t('admin.outbox.to'), value: message.to },
            { label: t('admin.outbox.created'), value: formatDateTime(message.createdAt, i18n.language) },
            { label: t('admin.outbox.state'), value: <StateDetails message={message} /> },
            { label: t('admin.outbox.attempts'), value: message.attempts },
            { label: t('admin.outbox.updated'), value: formatDateTime(message.updatedAt, i18n.language) },
            ...(message.error
              ? [{ label: t('admin.outbox.error'), value: <Box component="span" data-testid="outbox-error-full" sx={{ color: 'error.main', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.error}</Box> }]
              : []),
          ]}
        />
        {message.html && (
          <Tabs value={view} onChange={(_, next: 'html' | 'text') => setView(next)} aria-label={t('admin.outbox.viewLabel')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="html" label={t('admin.outbox.html')} />
            <Tab value="text" label={t('admin.outbox.text')} />
          </Tabs>
        )}
        {view === 'html' && message.html ? (
          <Box
            component="iframe"
            title={t('admin.outbox.htmlFrame')}
            sandbox=""
            srcDoc={message.html}
            sx={{ width: '100%', height: { xs: 420, sm: 520 }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
        ) : (
          <Box
            component="pre"
            data-testid="outbox-text"
            sx={{ m: 0, p: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, whiteSpace: 'pre-wrap', overflowWrap: 'break-word', fontFamily: 'monospace', fontSize: '0.875rem' }}
          >
            {message.text}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        {message.state === 'failed' && (
          <Button variant="outlined" startIcon={<ReplayIcon aria-hidden="true" />} onClick={() => onResend(message)}>
            {t('admin.outbox.resend')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
