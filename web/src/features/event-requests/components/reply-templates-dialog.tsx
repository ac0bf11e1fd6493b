import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/ui/snackbar-provider';
import { useDeleteTemplate } from '@/features/event-requests/api/delete-reply-template';
import { useReplyTemplates, type ReplyTemplate } from '@/features/event-requests/api/list-reply-templates';
import { useSaveTemplate } from '@/features/event-requests/api/save-reply-template';
import { describeError, isApiError } from '@/lib/api-error';

interface Editing {
  id?: string;
  name: string;
  body: string;
}

/** The provider's saved replies: list, add, edit, delete (at most `max`). */
export function ReplyTemplatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useNotify();
  const templates = useReplyTemplates();
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<{ name?: string; body?: string }>({});
  const list = templates.data?.templates ?? [];
  const max = templates.data?.max ?? 20;

  const startEdit = (template?: ReplyTemplate) => {
    setErrors({});
    setEditing(template ? { id: template.id, name: template.name, body: template.body } : { name: '', body: '' });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    save.mutate(
      { id: editing.id, input: { name: editing.name, body: editing.body } },
      {
        onSuccess: () => {
          setEditing(null);
          notify(t('conversation.templates.saved'), 'success');
        },
        onError: (err) => {
          if (isApiError(err) && (err.fields.name || err.fields.body)) {
            // Each field gets the text of its code (conversation.errors.*).
            const text = (code?: string) => (code ? (i18n.exists(code) ? t(code) : err.message) : undefined);
            setErrors({ name: text(err.fields.name), body: text(err.fields.body) });
          } else notify(describeError(err, t, 'conversation.templates.error'), 'error');
        },
      },
    );
  };

  const confirmDelete = (template: ReplyTemplate) => {
    if (!window.confirm(t('conversation.templates.deleteConfirm', { name: template.name }))) return;
    remove.mutate(template.id, {
      onSuccess: () => notify(t('conversation.templates.deleted'), 'success'),
      onError: (err) => notify(describeError(err, t, 'conversation.templates.error'), 'error'),
    });
  };

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="reply-templates-title">
      <DialogTitle id="reply-templates-title">{t('conversation.templates.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('conversation.templates.intro', { max })}
        </Typography>
        {editing ? (
          <Box component="form" id="reply-template-form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            <TextField
              label={t('conversation.templates.name')}
              value={editing.name}
              onChange={(event) => setEditing({ ...editing, name: event.target.value })}
              error={!!errors.name}
              helperText={errors.name}
              required
              slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'template-name' } }}
            />
            <TextField
              label={t('conversation.templates.body')}
              value={editing.body}
              onChange={(event) => setEditing({ ...editing, body: event.target.value })}
              error={!!errors.body}
              helperText={errors.body}
              required
              multiline
              minRows={5}
              slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'template-body' } }}
            />
          </Box>
        ) : (
          <>
            {list.length === 0 && <Typography sx={{ mb: 2 }}>{t('conversation.templates.empty')}</Typography>}
            <List disablePadding data-testid="template-list">
              {list.map((template) => (
                <ListItem key={template.id} divider disableGutters sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{template.name}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {template.body.length > 200 ? `${template.body.slice(0, 200)}…` : template.body}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button size="small" onClick={() => startEdit(template)} aria-label={`${t('conversation.templates.edit')} ${template.name}`}>
                      {t('conversation.templates.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => confirmDelete(template)}
                      aria-label={`${t('conversation.templates.delete')} ${template.name}`}
                    >
                      {t('conversation.templates.delete')}
                    </Button>
                  </Box>
                </ListItem>
              ))}
            </List>
            {list.length >= max && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('conversation.templates.full', { max })}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {editing ? (
          <>
            <Button onClick={() => setEditing(null)}>{t('conversation.templates.cancel')}</Button>
            <Button type="submit" form="reply-template-form" variant="contained" loading={save.isPending} data-testid="template-save">
              {t('conversation.templates.save')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('conversation.templates.close')}</Button>
            <Button variant="contained" onClick={() => startEdit()} disabled={list.length >= max} data-testid="template-add">
              {t('conversation.templates.add')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
