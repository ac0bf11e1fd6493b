import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutbox, type OutboxMessage } from '@/features/admin/api/list-outbox';
import { AdminPage } from '@/features/admin/components/admin-page';
import { DataTable, type Column } from '@/features/admin/components/data-table';
import { DetailList } from '@/features/admin/components/detail-list';
import { QueryState } from '@/features/admin/components/query-state';
import { formatDateTime } from '@/features/admin/format';
import { usePageAndFilters } from '@/features/admin/hooks/use-page-and-filters';
import { usePhone } from '@/features/admin/hooks/use-phone';

/** What a message's first line says: its subject, or the start of an SMS. */
const headline = (message: OutboxMessage) => message.subject || message.text.split('\n')[0] || '';

function StateChip({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  if (message.error) return <Chip size="small" color="error" label={t('admin.outbox.failed')} />;
  if (message.sentAt) return <Chip size="small" color="success" label={t('admin.outbox.sent')} />;
  return <Chip size="small" variant="outlined" label={t('admin.outbox.held')} />;
}

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

/** E-mails and SMS the platform sent or holds (no SMTP or SMS gateway configured), newest first. */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const { page, setPage, values, setFilter } = usePageAndFilters(['to']);
  const [text, setText] = useState(values.to);
  // The address changed on its own (back button, a link): the field follows it.
  const [synced, setSynced] = useState(values.to);
  if (values.to !== synced) {
    setSynced(values.to);
    setText(values.to);
  }
  const outbox = useOutbox(values.to, page);
  const [open, setOpen] = useState<OutboxMessage | null>(null);

  const subject = (message: OutboxMessage) => (
    <Link component="button" type="button" onClick={() => setOpen(message)} sx={{ textAlign: 'left', fontWeight: 600, overflowWrap: 'break-word' }}>
      {headline(message) || t('admin.outbox.noSubject')}
    </Link>
  );

  const columns: Column<OutboxMessage>[] = [
    { id: 'channel', header: t('admin.outbox.channelLabel'), cell: (message) => <ChannelLabel message={message} />, width: 110 },
    { id: 'to', header: t('admin.outbox.to'), cell: (message) => <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>{message.to}</Typography> },
    { id: 'subject', header: t('admin.outbox.subject'), cell: subject },
    {
      id: 'created',
      header: t('admin.outbox.created'),
      cell: (message) => <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(message.createdAt, i18n.language)}</Typography>,
    },
    { id: 'state', header: t('admin.outbox.state'), cell: (message) => <StateChip message={message} /> },
  ];

  const card = (message: OutboxMessage) => (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <ChannelLabel message={message} />
        <StateChip message={message} />
      </Box>
      {subject(message)}
      <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
        {message.to}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(message.createdAt, i18n.language)}
      </Typography>
    </Box>
  );

  return (
    <AdminPage title={t('menu.outbox')} subtitle={t('admin.outbox.subtitle')}>
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
        emptyTitle={values.to ? t('admin.outbox.noneFor', { to: values.to }) : t('admin.outbox.empty')}
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
      {open && <MessageViewer message={open} onClose={() => setOpen(null)} />}
    </AdminPage>
  );
}

/**
 * One message as it was sent. The HTML of an e-mail is shown in a sandboxed
 * frame (no scripts, no same-origin access), its text version beside it.
 */
function MessageViewer({ message, onClose }: { message: OutboxMessage; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fullScreen = usePhone();
  const [view, setView] = useState<'html' | 'text'>(message.html ? 'html' : 'text');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'break-word' }}>
        {headline(message) || t('admin.outbox.noSubject')}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DetailList
          items={[
            { label: t('admin.outbox.channelLabel'), value: t(`admin.outbox.channel.${message.channel}`) },
            { label: t('admin.outbox.to'), value: message.to },
            { label: t('admin.outbox.created'), value: formatDateTime(message.createdAt, i18n.language) },
            { label: t('admin.outbox.state'), value: message.sentAt ? t('admin.outbox.sentAt', { date: formatDateTime(message.sentAt, i18n.language) }) : <StateChip message={message} /> },
            ...(message.error ? [{ label: t('admin.outbox.error'), value: <Box component="span" sx={{ color: 'error.main' }}>{message.error}</Box> }] : []),
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
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
