import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletePromotion } from '@/features/admin/api/delete-promotion';
import { AUDIENCES, isPopup, usePromotions, type Audience, type Promotion, type PromotionInput, type PromotionKind } from '@/features/admin/api/list-promotions';
import { useUpdatePromotion } from '@/features/admin/api/update-promotion';
import { AdminPage } from '@/features/admin/components/admin-page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MessageFormDialog } from '@/features/admin/components/message-form-dialog';
import { PopupPreview } from '@/features/admin/components/message-previews';
import { QueryState } from '@/features/admin/components/query-state';
import { formatDateTime } from '@/features/admin/format';
import { usePageAndFilters } from '@/features/admin/hooks/use-page-and-filters';
import { errorMessage } from '@/features/admin/server-errors';
import { useNotify } from '@/components/ui/snackbar-provider';

type Message = Promotion;

/** The bodies a PUT needs to change only whether a message is active. */
function alertWithActive(message: Promotion<'alert'>, isActive: boolean): PromotionInput<'alert'> {
  return {
    type: message.type,
    isActive,
    title: message.title,
    description: message.description,
    buttonText: message.buttonText,
    buttonLink: message.buttonLink,
  };
}

function popupWithActive(message: Promotion<'popup'>, isActive: boolean): PromotionInput<'popup'> {
  return { ...alertWithActive(message, isActive), imageUrl: message.imageUrl, showOncePerUser: message.showOncePerUser };
}

type Editing = { kind: PromotionKind; existing?: Message } | null;

/**
 * Promotional alerts (a banner on the dashboard) and popups (a dialog),
 * each for planners or venues; at most one of each is active per audience.
 */
export function MarketingPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { values, setFilter } = usePageAndFilters(['tab', 'type']);
  const kind: PromotionKind = values.tab === 'popups' ? 'popup' : 'alert';
  const audience: Audience = values.type === 'venue' ? 'venue' : 'planner';
  // Both lists load at once, so switching tabs shows the other at once.
  const lists = { alert: usePromotions('alert'), popup: usePromotions('popup') };
  const update = useUpdatePromotion();
  const remove = useDeletePromotion();
  const [editing, setEditing] = useState<Editing>(null);
  const [preview, setPreview] = useState<Promotion<'popup'> | null>(null);
  const [removing, setRemoving] = useState<Message | null>(null);

  const toggle = (message: Message, isActive: boolean) => {
    const options = {
      onSuccess: () => notify(t(isActive ? 'admin.marketing.activated' : 'admin.marketing.deactivated', { title: message.title })),
      onError: (error: unknown) => notify(errorMessage(error, t), 'error'),
    };
    if (isPopup(message)) update.mutate({ kind: 'popup', id: message.id, body: popupWithActive(message, isActive) }, options);
    else update.mutate({ kind: 'alert', id: message.id, body: alertWithActive(message, isActive) }, options);
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate({ kind, id: removing.id }, {
      onSuccess: () => {
        notify(t('admin.marketing.deleted', { title: removing.title }));
        setRemoving(null);
      },
    });
  };

  const query: UseQueryResult<Message[]> = lists[kind];
  const toggling = (message: Message) => update.isPending && update.variables?.id === message.id;
  /** While a switch's change is on its way, it shows the state asked for. */
  const shownActive = (message: Message) => (toggling(message) ? (update.variables?.body.isActive ?? message.isActive) : message.isActive);

  return (
    <AdminPage
      title={t('menu.marketing')}
      subtitle={t('admin.marketing.subtitle')}
      actions={
        <Button variant="contained" startIcon={<AddIcon aria-hidden="true" />} onClick={() => setEditing({ kind })}>
          {kind === 'alert' ? t('admin.marketing.newAlert') : t('admin.marketing.newPopup')}
        </Button>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'center' }, justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={kind} onChange={(_, next: PromotionKind) => setFilter('tab', next === 'popup' ? 'popups' : '')} aria-label={t('admin.marketing.kindLabel')}>
          <Tab value="alert" label={t('admin.marketing.alerts')} />
          <Tab value="popup" label={t('admin.marketing.popups')} />
        </Tabs>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={audience}
          onChange={(_, next: Audience | null) => next && setFilter('type', next === 'venue' ? 'venue' : '')}
          aria-label={t('admin.marketing.audience')}
          sx={{ mb: { xs: 1.5, md: 0 }, alignSelf: { xs: 'flex-start', md: 'center' } }}
        >
          {AUDIENCES.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 2 }}>
              {t(`admin.marketing.audiences.${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>

      <QueryState
        query={query}
        isEmpty={(items) => items.filter((item) => item.type === audience).length === 0}
        emptyTitle={t(kind === 'alert' ? 'admin.marketing.noAlerts' : 'admin.marketing.noPopups', { audience: t(`admin.marketing.audiences.${audience}`) })}
        emptyText={t('admin.marketing.emptyHelp')}
        rows={3}
      >
        {(items) => (
          <Box component="ul" aria-label={t(kind === 'alert' ? 'admin.marketing.alerts' : 'admin.marketing.popups')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
            {items
              .filter((item) => item.type === audience)
              .map((message) => (
                <MessageCard
                  key={message.id}
                  message={message}
                  busy={toggling(message)}
                  active={shownActive(message)}
                  onToggle={(active) => toggle(message, active)}
                  onEdit={() => setEditing({ kind, existing: message })}
                  onPreview={isPopup(message) ? () => setPreview(message) : undefined}
                  onDelete={() => {
                    remove.reset();
                    setRemoving(message);
                  }}
                />
              ))}
          </Box>
        )}
      </QueryState>

      {editing && <MessageFormDialog kind={editing.kind} existing={editing.existing} audience={audience} onClose={() => setEditing(null)} />}
      {preview && <PreviewDialog popup={preview} onClose={() => setPreview(null)} />}
      {removing && (
        <ConfirmDialog
          open
          title={t(kind === 'alert' ? 'admin.marketing.deleteAlertTitle' : 'admin.marketing.deletePopupTitle')}
          confirmLabel={t('admin.marketing.delete')}
          color="error"
          pending={remove.isPending}
          error={remove.error ?? undefined}
          errorFallbackKey="admin.errors.generic"
          onConfirm={confirmRemove}
          onClose={() => setRemoving(null)}
        >
          <DialogContentText>{t('admin.marketing.deleteText', { title: removing.title })}</DialogContentText>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

interface MessageCardProps {
  message: Message;
  busy: boolean;
  active: boolean;
  onToggle: (active: boolean) => void;
  onEdit: () => void;
  onPreview?: () => void;
  onDelete: () => void;
}

function MessageCard({ message, busy, active, onToggle, onEdit, onPreview, onDelete }: MessageCardProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <Card
      component="li"
      aria-labelledby={titleId}
      data-testid="marketing-message"
      sx={message.isActive ? { borderColor: 'success.main', boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.success.main}` } : undefined}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem', mr: 'auto' }}>
            {message.title}
          </Typography>
          <Chip
            size="small"
            label={message.isActive ? t('admin.marketing.active') : t('admin.marketing.inactive')}
            color={message.isActive ? 'success' : 'default'}
            variant={message.isActive ? 'filled' : 'outlined'}
          />
        </Box>
        {isPopup(message) ? (
          <Box
            sx={{ color: 'text.secondary', typography: 'body2', maxHeight: 96, overflow: 'hidden', '& p': { m: 0, mb: 0.5 }, '& img': { display: 'none' }, overflowWrap: 'break-word' }}
            dangerouslySetInnerHTML={{ __html: message.description }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {message.description}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {[
            message.buttonText && message.buttonLink ? t('admin.marketing.buttonTo', { text: message.buttonText, link: message.buttonLink }) : t('admin.marketing.noButton'),
            isPopup(message) ? t(message.showOncePerUser ? 'admin.marketing.onceYes' : 'admin.marketing.onceNo') : '',
            t('admin.marketing.updated', { date: formatDateTime(message.updatedAt, i18n.language) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </CardContent>
      <CardActions disableSpacing sx={{ px: 2, pb: 1.5, pt: 0, flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          control={<Switch checked={active} disabled={busy} onChange={(event) => onToggle(event.target.checked)} />}
          label={t('admin.marketing.fields.active')}
        />
        <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {onPreview && (
            <Button size="small" startIcon={<VisibilityOutlinedIcon aria-hidden="true" />} onClick={onPreview}>
              {t('admin.marketing.previewAction')}
            </Button>
          )}
          <Button size="small" startIcon={<EditOutlinedIcon aria-hidden="true" />} onClick={onEdit}>
            {t('admin.marketing.edit')}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon aria-hidden="true" />} onClick={onDelete}>
            {t('admin.marketing.delete')}
          </Button>
        </Box>
      </CardActions>
    </Card>
  );
}

function PreviewDialog({ popup, onClose }: { popup: Promotion<'popup'>; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('admin.marketing.previewTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ bgcolor: 'grey.100', borderRadius: 2, p: { xs: 1.5, sm: 3 } }}>
          <PopupPreview popup={popup} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
