import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApproveReview } from '@/features/admin/api/approve-review';
import { REVIEW_STATUSES, useAdminReviews, type AdminReview, type ReviewStatus } from '@/features/admin/api/list-reviews';
import { useRejectReview } from '@/features/admin/api/reject-review';
import { useSetReplyHidden } from '@/features/admin/api/set-reply-hidden';
import { AdminPage } from '@/features/admin/components/admin-page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/features/admin/components/query-state';
import { formatDate, formatDateTime } from '@/features/admin/format';
import { usePageAndFilters } from '@/features/admin/hooks/use-page-and-filters';
import { errorMessage } from '@/features/admin/server-errors';
import { useNotify } from '@/components/ui/snackbar-provider';

const asStatus = (value: string): ReviewStatus => (REVIEW_STATUSES.includes(value as ReviewStatus) ? (value as ReviewStatus) : 'pending');

/**
 * Reviews couples left through a provider's review link: pending ones wait
 * for a decision; an approved one may be withdrawn, a rejected one approved.
 */
export function ReviewsPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { page, setPage, values, setFilter } = usePageAndFilters(['status']);
  const status = asStatus(values.status);
  const reviews = useAdminReviews(status, page);
  const approve = useApproveReview();
  const reject = useRejectReview();
  const replyHidden = useSetReplyHidden();
  const [confirm, setConfirm] = useState<AdminReview | null>(null);

  const doApprove = (review: AdminReview) =>
    approve.mutate(review.id, {
      onSuccess: () => notify(t('admin.reviews.approved')),
      onError: (error) => notify(errorMessage(error, t), 'error'),
    });

  const toggleReply = (review: AdminReview) =>
    replyHidden.mutate(
      { id: review.id, hidden: !review.replyHidden },
      {
        onSuccess: () => notify(t(review.replyHidden ? 'admin.reviews.replyShownDone' : 'admin.reviews.replyHiddenDone')),
        onError: (error) => notify(errorMessage(error, t), 'error'),
      },
    );

  const doReject = (review: AdminReview) =>
    reject.mutate(review.id, {
      onSuccess: () => {
        notify(t(review.status === 'approved' ? 'admin.reviews.withdrawn' : 'admin.reviews.rejected'));
        setConfirm(null);
      },
    });

  const busy = (review: AdminReview) => (approve.isPending && approve.variables === review.id) || (reject.isPending && reject.variables === review.id);

  return (
    <AdminPage title={t('menu.adminReviews')} subtitle={t('admin.reviews.subtitle')}>
      <Tabs
        value={status}
        onChange={(_, next: ReviewStatus) => setFilter('status', next === 'pending' ? '' : next)}
        aria-label={t('admin.reviews.statusLabel')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {REVIEW_STATUSES.map((value) => (
          <Tab key={value} value={value} label={t(`admin.reviews.status.${value}`)} />
        ))}
      </Tabs>
      <QueryState
        query={reviews}
        isEmpty={(data) => data.items.length === 0}
        emptyTitle={t(`admin.reviews.empty.${status}`)}
        rows={3}
      >
        {(data) => (
          <Box>
            {reviews.isPlaceholderData && <LinearProgress aria-label={t('admin.states.loading')} sx={{ mb: 1 }} />}
            <Box
              component="ul"
              aria-label={t(`admin.reviews.status.${status}`)}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}
            >
              {data.items.map((review) => (
                <Card component="li" key={review.id} sx={{ display: 'flex', flexDirection: 'column' }} data-testid="admin-review">
                  <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
                    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                          <Rating value={review.rating} readOnly size="small" aria-label={t('admin.reviews.rating', { rating: review.rating })} />
                          {review.verified && (
                            <Chip size="small" color="success" variant="outlined" icon={<VerifiedOutlinedIcon />} label={t('admin.reviews.verified')} data-testid="admin-review-verified" />
                          )}
                        </Box>
                        <Typography variant="h2" sx={{ fontSize: '1.0625rem', mt: 0.5 }}>
                          {review.title}
                        </Typography>
                      </Box>
                      {review.photoUrl && (
                        <Link href={review.photoUrl} target="_blank" rel="noopener noreferrer" aria-label={t('admin.reviews.photo')} sx={{ flexShrink: 0 }}>
                          <Box component="img" src={review.photoUrl} alt="" sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
                        </Link>
                      )}
                    </Box>
                    <Typography sx={{ whiteSpace: 'pre-line' }}>{review.body}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {[
                        review.reviewerName,
                        t(`admin.reviews.reviewerType.${review.reviewerType}`),
                        review.weddingDate ? t('admin.reviews.weddingOn', { date: formatDate(review.weddingDate, i18n.language) }) : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                    {review.reply && (
                      <Box sx={{ pl: 2, borderLeft: 3, borderColor: 'divider' }} data-testid="admin-review-reply">
                        <Typography variant="body2" sx={{ fontWeight: 600, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                          {t('admin.reviews.reply')}
                          {review.replyHidden && <Chip size="small" color="warning" label={t('admin.reviews.replyHidden')} />}
                        </Typography>
                        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', color: review.replyHidden ? 'text.secondary' : undefined }}>{review.reply}</Typography>
                        <Button
                          size="small"
                          color={review.replyHidden ? 'primary' : 'warning'}
                          startIcon={review.replyHidden ? <VisibilityOutlinedIcon aria-hidden="true" /> : <VisibilityOffOutlinedIcon aria-hidden="true" />}
                          disabled={replyHidden.isPending && replyHidden.variables?.id === review.id}
                          onClick={() => toggleReply(review)}
                          sx={{ mt: 0.5 }}
                        >
                          {review.replyHidden ? t('admin.reviews.showReply') : t('admin.reviews.hideReply')}
                        </Button>
                      </Box>
                    )}
                    <Box sx={{ mt: 'auto', pt: 1, borderTop: 1, borderColor: 'divider' }}>
                      <Typography variant="body2">
                        {t('admin.reviews.for')} <strong>{review.providerName}</strong>{' '}
                        <Box component="span" sx={{ color: 'text.secondary', overflowWrap: 'break-word' }}>
                          ({review.providerEmail})
                        </Box>
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t('admin.reviews.submitted', { date: formatDateTime(review.createdAt, i18n.language) })}
                        {review.moderatedAt ? ` · ${t('admin.reviews.decided', { date: formatDateTime(review.moderatedAt, i18n.language) })}` : ''}
                      </Typography>
                    </Box>
                  </CardContent>
                  <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                    {review.status !== 'rejected' && (
                      <Button
                        variant="outlined"
                        color="error"
                        startIcon={<CloseIcon aria-hidden="true" />}
                        disabled={busy(review)}
                        onClick={() => {
                          reject.reset();
                          setConfirm(review);
                        }}
                      >
                        {review.status === 'approved' ? t('admin.reviews.withdraw') : t('admin.reviews.reject')}
                      </Button>
                    )}
                    {review.status !== 'approved' && (
                      <Button variant="contained" color="success" startIcon={<CheckIcon aria-hidden="true" />} disabled={busy(review)} onClick={() => doApprove(review)}>
                        {t('admin.reviews.approve')}
                      </Button>
                    )}
                  </CardActions>
                </Card>
              ))}
            </Box>
            <TablePagination
              component="div"
              count={data.total}
              page={Math.max(0, data.page - 1)}
              rowsPerPage={data.pageSize}
              rowsPerPageOptions={[]}
              onPageChange={(_, next) => setPage(next + 1)}
              labelDisplayedRows={({ from, to, count }) => t('admin.table.displayedRows', { from, to, total: count })}
              getItemAriaLabel={(type) => t(`admin.table.${type}Page`)}
            />
          </Box>
        )}
      </QueryState>

      {confirm && (
        <ConfirmDialog
          open
          title={confirm.status === 'approved' ? t('admin.reviews.withdrawTitle') : t('admin.reviews.rejectTitle')}
          confirmLabel={confirm.status === 'approved' ? t('admin.reviews.withdraw') : t('admin.reviews.reject')}
          color="error"
          pending={reject.isPending}
          error={reject.error ?? undefined}
          errorFallbackKey="admin.errors.generic"
          onConfirm={() => doReject(confirm)}
          onClose={() => setConfirm(null)}
        >
          <DialogContentText>
            {t(confirm.status === 'approved' ? 'admin.reviews.withdrawText' : 'admin.reviews.rejectText', { title: confirm.title, provider: confirm.providerName })}
          </DialogContentText>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}
