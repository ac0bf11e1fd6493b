import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Review } from '@/features/reviews/api/list-reviews';
import { useSetReply } from '@/features/reviews/api/set-reply';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

/** The server's limit on a reply (review.errors.reply). */
export const MAX_REPLY = 2000;

/**
 * The provider's one public reply under a review (the rules: docs/leads.md,
 * "Verified reviews"): written,
 * edited or deleted here, shown under the review on the public profile
 * unless an admin hid it.
 */
export function ReviewReply({ review }: { review: Review }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const setReply = useSetReply(review.id);
  const [draft, setDraft] = useState<string | null>(null);
  const fieldId = useId();
  const editing = draft !== null;
  const length = draft?.trim().length ?? 0;
  const tooLong = (draft?.length ?? 0) > MAX_REPLY;

  const save = () => {
    if (draft === null || length === 0 || tooLong) return;
    setReply.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        notify(t('reviews.reply.saved'), 'success');
      },
      onError: (error) => notify(describeError(error, t, 'reviews.reply.error'), 'error'),
    });
  };
  const remove = () =>
    setReply.mutate(null, {
      onSuccess: () => notify(t('reviews.reply.deleted'), 'success'),
      onError: (error) => notify(describeError(error, t, 'reviews.reply.error'), 'error'),
    });

  if (editing) {
    return (
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}
      >
        <TextField
          id={fieldId}
          label={t('reviews.reply.label')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          multiline
          minRows={3}
          autoFocus
          error={tooLong}
          helperText={`${tooLong ? t('reviews.reply.tooLong') : t('reviews.reply.help')} · ${t('reviews.reply.counter', { n: draft.length.toLocaleString(intlLocale(i18n.language)) })}`}
          slotProps={{ htmlInput: { 'data-testid': 'reply-input' } }}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => setDraft(null)} disabled={setReply.isPending}>
            {t('reviews.reply.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={setReply.isPending || length === 0 || tooLong}>
            {t('reviews.reply.save')}
          </Button>
        </Box>
      </Box>
    );
  }

  if (!review.reply) {
    return (
      <Box>
        <Button variant="outlined" size="small" onClick={() => setDraft('')}>
          {t('reviews.reply.write')}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="section" aria-label={t('reviews.reply.title')} data-testid="review-reply" sx={{ mt: 1, pl: 2, borderLeft: 3, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('reviews.reply.title')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.reply}</Typography>
      {review.replyHidden && (
        <Alert severity="warning" icon={<VisibilityOffOutlinedIcon />} sx={{ mt: 1 }} data-testid="reply-hidden">
          {t('reviews.reply.hidden')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" onClick={() => setDraft(review.reply)} disabled={setReply.isPending}>
          {t('reviews.reply.edit')}
        </Button>
        <Button size="small" color="error" onClick={remove} disabled={setReply.isPending}>
          {t('reviews.reply.del')}
        </Button>
      </Box>
    </Box>
  );
}
