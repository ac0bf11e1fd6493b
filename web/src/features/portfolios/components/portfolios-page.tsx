import AddIcon from '@mui/icons-material/Add';
import CollectionsOutlinedIcon from '@mui/icons-material/CollectionsOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDeletePortfolio } from '@/features/portfolios/api/delete-portfolio';
import type { Portfolio } from '@/features/portfolios/api/get-portfolio';
import { PortfolioViewsCard } from '@/features/portfolios/components/portfolio-views-card';
import { formatWeddingDate, LIST_SNACKBAR_MS } from '@/features/portfolios/format';
import { usePortfolioList } from '@/features/portfolios/api/list-portfolios';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/components/ui/snackbar-provider';
import { intlLocale } from '@/lib/locales';

function KeyImage({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useTranslation();
  const key = portfolio.images.find((image) => image.isKeyImage) ?? portfolio.images[0];
  return (
    <Box sx={{ position: 'relative', aspectRatio: '3 / 2', bgcolor: 'action.hover', overflow: 'hidden' }}>
      {key ? (
        <Box component="img" src={key.thumbUrl} alt={key.caption || t('portfolios.list.keyImageAlt', { title: portfolio.title })} loading="lazy" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      ) : (
        <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, color: 'text.secondary' }}>
          <PhotoLibraryOutlinedIcon sx={{ fontSize: 40 }} aria-hidden="true" />
          <Typography variant="body2">{t('portfolios.list.noPhoto')}</Typography>
        </Box>
      )}
      <Chip
        size="small"
        label={portfolio.isPublished ? t('portfolios.status.published') : t('portfolios.status.draft')}
        color={portfolio.isPublished ? 'success' : 'default'}
        sx={{ position: 'absolute', top: 8, left: 8, bgcolor: portfolio.isPublished ? undefined : 'background.paper', fontWeight: 600 }}
      />
    </Box>
  );
}

function PortfolioCard({ portfolio, onDelete }: { portfolio: Portfolio; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const photos = portfolio.images.length;
  return (
    <Card component="article" aria-labelledby={`portfolio-${portfolio.id}`} sx={{ display: 'flex', flexDirection: 'column' }} data-testid="portfolio-card">
      <KeyImage portfolio={portfolio} />
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Typography id={`portfolio-${portfolio.id}`} variant="h2" sx={{ fontSize: '1.125rem', mb: 0.5, overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={`/portfolios/${portfolio.id}`} underline="hover" color="inherit">
            {portfolio.title}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[formatWeddingDate(portfolio.weddingDate, i18n.language), portfolio.location].filter(Boolean).join(' · ')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1.5, color: 'text.secondary' }}>
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <CollectionsOutlinedIcon fontSize="small" aria-hidden="true" />
            {t('portfolios.list.photos', { photos: new Intl.NumberFormat(intlLocale(i18n.language)).format(photos) })}
          </Typography>
          {portfolio.totalViews !== null && (
            <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="portfolio-card-views">
              <VisibilityOutlinedIcon fontSize="small" aria-hidden="true" />
              {t('portfolios.list.views', { views: new Intl.NumberFormat(intlLocale(i18n.language)).format(portfolio.totalViews) })}
            </Typography>
          )}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
        <Button component={RouterLink} to={`/portfolios/${portfolio.id}`} size="small" variant="outlined">
          {t('portfolios.list.open')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={t('portfolios.list.edit')}>
          <IconButton component={RouterLink} to={`/portfolios/${portfolio.id}/edit`} aria-label={t('portfolios.list.editNamed', { title: portfolio.title })}>
            <EditOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('portfolios.list.delete')}>
          <IconButton onClick={onDelete} aria-label={t('portfolios.list.deleteNamed', { title: portfolio.title })} color="error">
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      </CardActions>
    </Card>
  );
}

/** The free plan's limit reached: the upgrade prompt takes the create button's place. */
export function UpgradePrompt({ quota }: { quota: number }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" icon={<WorkspacePremiumOutlinedIcon />} data-testid="portfolio-upgrade" sx={{ '& .MuiAlert-message': { flexGrow: 1 } }}>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'flex-start', sm: 'center' }, gap: 1.5 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('portfolios.upgrade.title', { quota })}</Typography>
          <Typography variant="body2">{t('portfolios.upgrade.text')}</Typography>
        </Box>
        <Button component={RouterLink} to="/subscription" variant="contained" size="small" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {t('portfolios.upgrade.button')}
        </Button>
      </Box>
    </Alert>
  );
}

function EmptyState() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5, py: 6, px: 3 }}>
        <PhotoLibraryOutlinedIcon color="primary" sx={{ fontSize: 56 }} aria-hidden="true" />
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('portfolios.list.emptyTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {t('portfolios.list.emptyText')}
        </Typography>
        <Button component={RouterLink} to="/portfolios/new" variant="contained" startIcon={<AddIcon />} sx={{ mt: 1 }}>
          {t('portfolios.list.createFirst')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** /portfolios: the planner's weddings, the free plan's limit, and the views of each. */
export function PortfoliosPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = usePortfolioList();
  const [toDelete, setToDelete] = useState<Portfolio | null>(null);
  const remove = useDeletePortfolio({
    onSuccess: () => {
      setToDelete(null);
      notify(t('portfolios.list.deleted'), 'success', LIST_SNACKBAR_MS);
    },
  });
  const data = list.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2 }}>
        <Box sx={{ maxWidth: 720 }}>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t('portfolios.list.title')}
          </Typography>
          <Typography color="text.secondary">{t('portfolios.list.subtitle')}</Typography>
        </Box>
        {data?.canAddMore && data.portfolios.length > 0 && (
          <Button component={RouterLink} to="/portfolios/new" variant="contained" startIcon={<AddIcon />}>
            {t('portfolios.list.create')}
          </Button>
        )}
      </Box>
      {list.isPending && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: 2 }} aria-busy="true">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" height={300} />
          ))}
        </Box>
      )}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('portfolios.errors.load_failed')}
        </Alert>
      )}
      {data && !data.canAddMore && <UpgradePrompt quota={data.freePlanQuota} />}
      {data && data.portfolios.length === 0 && data.canAddMore && <EmptyState />}
      {data && data.portfolios.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
          {data.portfolios.map((portfolio) => (
            <PortfolioCard key={portfolio.id} portfolio={portfolio} onDelete={() => setToDelete(portfolio)} />
          ))}
        </Box>
      )}
      {data && data.portfolios.length > 0 && <PortfolioViewsCard premium={data.isPremium} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('portfolios.delete.title')}
        confirmLabel={t('portfolios.delete.confirm')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        errorFallbackKey="portfolios.errors.deleting"
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
        onClose={() => {
          setToDelete(null);
          remove.reset();
        }}
      >
        <Typography>{t('portfolios.delete.text', { title: toDelete?.title ?? '' })}</Typography>
      </ConfirmDialog>
    </Box>
  );
}
