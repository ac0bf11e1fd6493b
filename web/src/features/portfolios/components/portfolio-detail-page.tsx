import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PublicIcon from '@mui/icons-material/Public';
import PublicOffIcon from '@mui/icons-material/PublicOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePortfolio, type Portfolio } from '@/features/portfolios/api/get-portfolio';
import { usePublicUrl } from '@/features/portfolios/api/get-public-url';
import { usePortfolioList } from '@/features/portfolios/api/list-portfolios';
import { useSetPublished } from '@/features/portfolios/api/set-published';
import { PortfolioLoadError } from '@/features/portfolios/components/portfolio-edit-pages';
import { PortfolioPhotos } from '@/features/portfolios/components/portfolio-photos';
import { PortfolioViewsCard } from '@/features/portfolios/components/portfolio-views-card';
import { formatEuros, formatWeddingDate } from '@/features/portfolios/format';
import { CopyButton } from '@/components/ui/copy-button';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Details({ portfolio }: { portfolio: Portfolio }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const town = [portfolio.postalCode, portfolio.city].filter(Boolean).join(' ');
  const place = !portfolio.city || portfolio.location.includes(portfolio.city) ? [portfolio.location, portfolio.postalCode].filter(Boolean).join(' ') : `${portfolio.location}, ${town}`;
  return (
    <SectionCard title={t('portfolios.detail.details')}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        <Fact label={t('portfolios.form.weddingDate')}>{formatWeddingDate(portfolio.weddingDate, i18n.language)}</Fact>
        <Fact label={t('portfolios.form.numberOfGuests')}>{number.format(portfolio.numberOfGuests)}</Fact>
        <Fact label={t('portfolios.form.location')}>{place}</Fact>
        <Fact label={t('portfolios.form.style')}>{portfolio.style}</Fact>
        <Fact label={t('portfolios.form.totalBudget')}>{portfolio.totalBudget ? formatEuros(portfolio.totalBudget, i18n.language) : '—'}</Fact>
        <Fact label={t('portfolios.form.plannerBudget')}>{portfolio.plannerBudget ? formatEuros(portfolio.plannerBudget, i18n.language) : '—'}</Fact>
        <Fact label={t('portfolios.detail.budgetShown')}>{portfolio.isBudgetHidden ? t('portfolios.detail.budgetHidden') : t('portfolios.detail.budgetVisible')}</Fact>
      </Box>
      {portfolio.prestations.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
            {t('portfolios.form.prestations')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {portfolio.prestations.map((prestation) => (
              <Chip key={prestation.id} label={prestation.label} size="small" variant="outlined" />
            ))}
          </Box>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 0.5 }}>
        {t('portfolios.form.description')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{portfolio.description}</Typography>
    </SectionCard>
  );
}

/** Publish or withdraw, and the public link once published (open and copy). */
function Publication({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const url = usePublicUrl(portfolio.id, portfolio.isPublished);
  const publish = useSetPublished(portfolio.id, {
    onSuccess: (p) => {
      notify(p.isPublished ? t('portfolios.detail.publishedNotice') : t('portfolios.detail.unpublishedNotice'), 'success');
    },
    onError: (error) => notify(describeError(error, (key) => t(key), 'portfolios.errors.publishing'), 'error'),
  });
  const noPhoto = portfolio.images.length === 0;
  return (
    <SectionCard title={t('portfolios.detail.publication')} data-testid="portfolio-publication">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, justifyContent: 'space-between' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            {portfolio.isPublished ? <PublicIcon color="success" aria-hidden="true" /> : <PublicOffIcon color="action" aria-hidden="true" />}
            <Box>
              <Typography sx={{ fontWeight: 600 }} data-testid="publication-state">
                {portfolio.isPublished ? t('portfolios.status.published') : t('portfolios.status.draft')}
              </Typography>
              <Typography variant="body2" color="text.secondary" id={`publish-why-${portfolio.id}`}>
                {portfolio.isPublished ? t('portfolios.detail.publishedText') : noPhoto ? t('portfolios.detail.needsPhoto') : t('portfolios.detail.draftText')}
              </Typography>
            </Box>
          </Box>
          <Button
            variant={portfolio.isPublished ? 'outlined' : 'contained'}
            color={portfolio.isPublished ? 'inherit' : 'primary'}
            onClick={() => publish.mutate(!portfolio.isPublished)}
            disabled={publish.isPending || (!portfolio.isPublished && noPhoto)}
            aria-describedby={`publish-why-${portfolio.id}`}
            startIcon={publish.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
            data-testid="publish-toggle"
          >
            {portfolio.isPublished ? t('portfolios.detail.unpublish') : t('portfolios.detail.publish')}
          </Button>
        </Box>
        {portfolio.isPublished && url.isPending && <Skeleton variant="rounded" height={40} />}
        {portfolio.isPublished && url.isError && <Alert severity="error">{t('portfolios.errors.public_url')}</Alert>}
        {portfolio.isPublished && url.isSuccess && url.data === null && <Alert severity="info">{t('portfolios.detail.noPublicPage')}</Alert>}
        {portfolio.isPublished && url.data && (
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'center' }, gap: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
            <Typography component="code" variant="body2" sx={{ flexGrow: 1, fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="public-url">
              {url.data}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
              <Button href={url.data} target="_blank" rel="noopener" variant="outlined" size="small" startIcon={<OpenInNewIcon />} data-testid="open-public">
                {t('portfolios.detail.open')}
              </Button>
              <CopyButton text={url.data} size="small" label={t('portfolios.detail.copyLink')} copiedMessage={t('portfolios.detail.linkCopied')} />
            </Box>
          </Box>
        )}
      </Box>
    </SectionCard>
  );
}

/** /portfolios/{id}: the portfolio, its photos, its publication and its views. */
export function PortfolioDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = usePortfolio(id);
  const list = usePortfolioList();
  const portfolio = query.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Button component={RouterLink} to="/portfolios" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          {t('portfolios.detail.backToList')}
        </Button>
        {query.isPending && <Skeleton variant="text" width="50%" height={48} />}
        {portfolio && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
              <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
                {portfolio.title}
              </Typography>
              <Chip
                size="small"
                label={portfolio.isPublished ? t('portfolios.status.published') : t('portfolios.status.draft')}
                color={portfolio.isPublished ? 'success' : 'default'}
              />
            </Box>
            <Button component={RouterLink} to={`/portfolios/${id}/edit`} variant="outlined" startIcon={<EditOutlinedIcon />}>
              {t('portfolios.detail.edit')}
            </Button>
          </Box>
        )}
      </Box>
      {query.isError && <PortfolioLoadError error={query.error} retry={() => void query.refetch()} />}
      {query.isPending && <Skeleton variant="rounded" height={240} />}
      {portfolio && (
        <>
          <Publication portfolio={portfolio} />
          <SectionCard title={t('portfolios.photos.title')} data-testid="portfolio-photos">
            {list.data ? <PortfolioPhotos portfolio={portfolio} limits={list.data} /> : <Skeleton variant="rounded" height={120} />}
          </SectionCard>
          <Details portfolio={portfolio} />
          {list.data && <PortfolioViewsCard premium={list.data.isPremium} portfolioId={portfolio.id} />}
        </>
      )}
    </Box>
  );
}
