import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReviews, type Review } from '@/features/reviews/api/list-reviews';
import { ReviewLinkCard } from '@/features/reviews/components/review-link-card';
import { ReviewReply } from '@/features/reviews/components/review-reply';
import { useCurrentUser } from '@/lib/auth/session';
import { intlLocale } from '@/lib/locales';

/** /reviews (part 2 §2, §7): the average and count, the review link with its QR code, then the approved reviews. */
export function ReviewsPage({ companyName }: { companyName?: string }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const reviews = useReviews(page);
  const data = reviews.data;
  const count = (n: number) =>
    t(new Intl.PluralRules(i18n.language).select(n) === 'one' ? 'reviews.count_one' : 'reviews.count_other', { n: n.toLocaleString(intlLocale(i18n.language)) });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 960 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('reviews.title')}
        </Typography>
        <Typography color="text.secondary">{t('reviews.subtitle')}</Typography>
      </Box>

      {reviews.isPending && (
        <Box aria-busy="true" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Skeleton variant="rounded" height={220} />
          <Skeleton variant="rounded" height={140} />
        </Box>
      )}
      {reviews.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void reviews.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('reviews.error.loading')}
        </Alert>
      )}

      {data && (
        <>
          {data.total > 0 && (
            <Card data-testid="reviews-summary">
              <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', p: { xs: 2, sm: 3 } }}>
                <Typography component="p" sx={{ fontSize: '2.5rem', fontWeight: 700, lineHeight: 1 }}>
                  {data.average.toLocaleString(intlLocale(i18n.language), { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
                  <Typography component="span" color="text.secondary" sx={{ fontSize: '1.1rem', fontWeight: 400 }}>
                    {' / 5'}
                  </Typography>
                </Typography>
                <Box>
                  <Rating value={data.average} precision={0.1} readOnly aria-hidden="true" />
                  <Typography color="text.secondary">{t('reviews.summary', { average: data.average.toLocaleString(intlLocale(i18n.language), { maximumFractionDigits: 1 }), total: count(data.total) })}</Typography>
                </Box>
              </CardContent>
            </Card>
          )}

          <ReviewLinkCard url={data.reviewFormUrl} companyName={companyName || user.fullName} />

          {data.total === 0 ? (
            <Card variant="outlined" sx={{ borderStyle: 'dashed' }} data-testid="reviews-empty">
              <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5, py: 5 }}>
                <RateReviewOutlinedIcon aria-hidden="true" sx={{ fontSize: 56, color: 'primary.main' }} />
                <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                  {t('reviews.empty.title')}
                </Typography>
                <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
                  {t('reviews.empty.text')}
                </Typography>
                <Box component="ol" sx={{ textAlign: 'left', color: 'text.secondary', m: 0, pl: 3, maxWidth: 560 }}>
                  <li>{t('reviews.empty.step1')}</li>
                  <li>{t('reviews.empty.step2')}</li>
                  <li>{t('reviews.empty.step3')}</li>
                </Box>
              </CardContent>
            </Card>
          ) : (
            <Box component="section" aria-labelledby="reviews-list-title" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Typography id="reviews-list-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
                {t('reviews.listTitle')}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2, opacity: reviews.isPlaceholderData ? 0.6 : 1 }}>
                {data.items.map((review) => (
                  <Box component="li" key={review.id}>
                    <ReviewCard review={review} />
                  </Box>
                ))}
              </Box>
              {data.pages > 1 && (
                <Pagination
                  count={data.pages}
                  page={page}
                  onChange={(_e, p) => {
                    setPage(p);
                    window.scrollTo({ top: 0, behavior: 'smooth' });
                  }}
                  getItemAriaLabel={(type, p, selected) =>
                    type === 'page' ? t(selected ? 'reviews.pagination.current' : 'reviews.pagination.page', { page: p }) : t(`reviews.pagination.${type}`)
                  }
                  sx={{ alignSelf: 'center' }}
                />
              )}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const { t, i18n } = useTranslation();
  const posted = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long' }).format(new Date(review.createdAt));
  const wedding = review.weddingDate ? new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${review.weddingDate}T00:00:00Z`)) : null;
  const type = i18n.exists(`reviews.reviewerType.${review.reviewerType}`) ? t(`reviews.reviewerType.${review.reviewerType}`) : null;
  return (
    <Card component="article" aria-label={review.title} data-testid="review">
      <CardContent sx={{ display: 'flex', gap: 2, p: { xs: 2, sm: 3 }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Rating value={review.rating} readOnly size="small" aria-hidden="true" />
            <Typography variant="body2" color="text.secondary">
              {t('reviews.rated', { rating: review.rating })}
            </Typography>
            {review.verified && (
              <Chip size="small" color="success" variant="outlined" icon={<VerifiedOutlinedIcon />} label={t('reviews.verified')} data-testid="review-verified" />
            )}
          </Box>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {review.title}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.description}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[type ? t('reviews.by', { name: review.reviewerName, type }) : review.reviewerName, wedding && t('reviews.wedding', { date: wedding }), t('reviews.posted', { date: posted })]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <ReviewReply review={review} />
        </Box>
        {review.imageName && (
          <Box
            component="img"
            src={review.imageName}
            alt={t('reviews.photoAlt', { name: review.reviewerName })}
            loading="lazy"
            sx={{ width: { xs: '100%', sm: 160 }, height: { xs: 200, sm: 120 }, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
          />
        )}
      </CardContent>
    </Card>
  );
}
