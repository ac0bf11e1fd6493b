import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { useMessages, type ConversationMessage } from '@/features/event-requests/api/list-messages';
import { useReplyTemplates } from '@/features/event-requests/api/list-reply-templates';
import { useSendMessage } from '@/features/event-requests/api/send-message';
import { fillTemplate } from '@/features/event-requests/fill-template';
import type { EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import { LinkifiedText } from '@/features/event-requests/components/linkified-text';
import { ReplyTemplatesDialog } from '@/features/event-requests/components/reply-templates-dialog';
import { formatDate } from '@/features/event-requests/request-status';
import { describeError, isApiError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

const MAX = 5000;

function formatDateTime(value: string, locale: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The couple's decision, shown to every provider of the request. */
export function OutcomeBanner({ detail }: { detail: EventRequestDetail }) {
  const { t, i18n } = useTranslation();
  if (!detail.outcome) return null;
  const key = detail.bookedThisProvider ? 'booked_you' : detail.outcome;
  return (
    <Alert severity={detail.bookedThisProvider ? 'success' : 'info'} data-testid="request-outcome">
      <strong>{t('conversation.outcome.title')}</strong> — {t(`conversation.outcome.${key}`)}{' '}
      {detail.outcomeAt && t('conversation.outcome.on', { date: formatDate(detail.outcomeAt, i18n.language, 'long') })}
    </Alert>
  );
}

function MessageBubble({ message, name }: { message: ConversationMessage; name: string }) {
  const { t, i18n } = useTranslation();
  const mine = message.sender === 'provider';
  return (
    <Box
      component="li"
      data-testid="conversation-message"
      data-sender={message.sender}
      sx={{
        listStyle: 'none',
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '92%',
        bgcolor: mine ? 'primary.50' : 'background.paper',
        backgroundColor: mine ? (theme) => `${theme.palette.primary.main}14` : undefined,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        px: 1.75,
        py: 1.25,
      }}
    >
      <Typography variant="subtitle2" component="p">
        {mine ? t('conversation.you') : t('conversation.couple', { name })}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 0.5 }}>
        <LinkifiedText text={message.body} />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        {t('conversation.sentOn', { date: formatDateTime(message.createdAt, i18n.language) })} ·{' '}
        {message.readAt ? (
          <>
            <CheckRoundedIcon fontSize="inherit" aria-hidden="true" />
            {t('conversation.readOn', { date: formatDateTime(message.readAt, i18n.language) })}
          </>
        ) : (
          t('conversation.notRead')
        )}
      </Typography>
    </Box>
  );
}

interface PanelProps {
  detail: EventRequestDetail;
  /**
   * The request is unlocked for the provider, or the provider is premium:
   * a conversation it cannot write to is then closed rather than locked.
   */
  canUnlockedWrite: boolean;
}

/**
 * The conversation with the couple: the messages with their read marks (a
 * first message the couple leaves unread for 72 hours gives the provider's
 * credit back), and a composer that can start from a saved reply.
 */
export function ConversationPanel({ detail, canUnlockedWrite }: PanelProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const name = detail.project.member.firstname;
  const messages = useMessages(detail.uuid);
  const templates = useReplyTemplates();
  const send = useSendMessage(detail.uuid);
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [managing, setManaging] = useState(false);

  const startFrom = (id: string) => {
    setTemplateId(id);
    const template = templates.data?.templates.find((item) => item.id === id);
    if (!template) return;
    setBody(
      fillTemplate(template.body, {
        firstname: name,
        date: formatDate(detail.project.eventDate, i18n.language, 'long'),
        city: detail.project.eventLocationCity,
      }),
    );
    setError('');
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text || text.length > MAX) {
      setError(t(text ? 'conversation.composerHint' : 'conversation.composer'));
      return;
    }
    send.mutate(text, {
      onSuccess: () => {
        setBody('');
        setTemplateId('');
        setError('');
        notify(t('conversation.sent', { name }), 'success');
      },
      onError: (err) => {
        if (isApiError(err) && err.fields.body) setError(i18n.exists(err.fields.body) ? t(err.fields.body) : err.message);
        else notify(describeError(err, t, 'conversation.sendError'), 'error');
        if (isApiError(err) && err.status === 409) void messages.refetch();
      },
    });
  };

  const list = messages.data;
  const open = list?.canWrite ?? false;
  return (
    <SectionCard title={t('conversation.title', { name })} data-testid="conversation">
      {messages.isPending && <Skeleton variant="rounded" height={120} />}
      {messages.isError && <Alert severity="error">{describeError(messages.error, t, 'conversation.loadError')}</Alert>}
      {list && list.messages.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('conversation.empty', { name })}
        </Typography>
      )}
      {list && list.messages.length > 0 && (
        <Box component="ol" sx={{ p: 0, m: 0, mb: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="conversation-messages">
          {list.messages.map((message) => (
            <MessageBubble key={message.id} message={message} name={name} />
          ))}
        </Box>
      )}
      {list && list.stopped && <Alert severity="warning">{t('conversation.stopped', { name })}</Alert>}
      {/* canWrite is false for a locked request too: unlocking is what it waits for. */}
      {list && !list.stopped && !open && canUnlockedWrite && <Alert severity="info">{t('conversation.closed')}</Alert>}
      {list && !list.stopped && !open && !canUnlockedWrite && <Alert severity="info">{t('conversation.locked', { name })}</Alert>}
      {list && open && (
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {templates.data && templates.data.templates.length > 0 ? (
              <TextField
                select
                size="small"
                label={t('conversation.fromTemplate')}
                value={templateId}
                onChange={(event) => startFrom(event.target.value)}
                sx={{ minWidth: 240, flex: '1 1 240px' }}
                data-testid="template-select"
              >
                {templates.data.templates.map((template) => (
                  <MenuItem key={template.id} value={template.id}>
                    {template.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
                {t('conversation.noTemplates')}
              </Typography>
            )}
            <Button variant="text" onClick={() => setManaging(true)} data-testid="manage-templates">
              {t('conversation.manageTemplates')}
            </Button>
          </Box>
          <TextField
            label={t('conversation.composer')}
            multiline
            minRows={4}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            error={!!error}
            helperText={error || `${t('conversation.composerHint')} ${t('conversation.counter', { n: body.length.toLocaleString(intlLocale(i18n.language)) })}`}
            slotProps={{ htmlInput: { maxLength: MAX, 'data-testid': 'composer' } }}
          />
          <Box>
            <Button type="submit" variant="contained" loading={send.isPending} data-testid="send-message">
              {t('conversation.send')}
            </Button>
          </Box>
        </Box>
      )}
      <ReplyTemplatesDialog open={managing} onClose={() => setManaging(false)} />
    </SectionCard>
  );
}
