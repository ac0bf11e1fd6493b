import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCreatePortfolio } from '@/features/portfolios/api/create-portfolio';
import { usePortfolio } from '@/features/portfolios/api/get-portfolio';
import { usePortfolioList } from '@/features/portfolios/api/list-portfolios';
import { useUpdatePortfolio } from '@/features/portfolios/api/update-portfolio';
import { PortfolioForm } from '@/features/portfolios/components/portfolio-form';
import { UpgradePrompt } from '@/features/portfolios/components/portfolios-page';
import { LIST_SNACKBAR_MS } from '@/features/portfolios/format';
import { useNotify } from '@/components/ui/snackbar-provider';
import { isApiError } from '@/lib/api-error';

function Heading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{subtitle}</Typography>
    </Box>
  );
}

function FormSkeleton() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-busy="true">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={56} />
    </Box>
  );
}

/** /portfolios/new: the form, or the upgrade prompt when the free plan holds its one portfolio already. */
export function NewPortfolioPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreatePortfolio();
  const list = usePortfolioList();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 880 }}>
      <Heading title={t('portfolios.form.newTitle')} subtitle={t('portfolios.form.newSubtitle')} />
      {list.isPending && <FormSkeleton />}
      {list.data && !list.data.canAddMore && <UpgradePrompt quota={list.data.freePlanQuota} />}
      {(list.isError || list.data?.canAddMore) && (
        <PortfolioForm
          submitLabel={t('portfolios.form.create')}
          cancelTo="/portfolios"
          onSubmit={async (input) => {
            const portfolio = await create.mutateAsync(input);
            notify(t('portfolios.form.created'), 'success', LIST_SNACKBAR_MS);
            await navigate(`/portfolios/${portfolio.id}`);
          }}
        />
      )}
    </Box>
  );
}

/** The portfolio could not be read: gone, another's (404), or a failure to retry. */
export function PortfolioLoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const gone = isApiError(error) && error.status === 404;
  return (
    <Alert
      severity={gone ? 'warning' : 'error'}
      action={
        gone ? (
          <Button component={RouterLink} to="/portfolios" color="inherit" size="small">
            {t('portfolios.detail.backToList')}
          </Button>
        ) : (
          <Button color="inherit" size="small" onClick={retry}>
            {t('common.retry')}
          </Button>
        )
      }
    >
      {gone ? t('portfolios.detail.notFound') : t('portfolios.errors.load_failed')}
    </Alert>
  );
}

/** /portfolios/{id}/edit: the same form, filled. */
export function EditPortfolioPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const update = useUpdatePortfolio(id);
  const query = usePortfolio(id);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 880 }}>
      <Heading title={t('portfolios.form.editTitle')} subtitle={query.data?.title ?? t('portfolios.form.editSubtitle')} />
      {query.isPending && <FormSkeleton />}
      {query.isError && <PortfolioLoadError error={query.error} retry={() => void query.refetch()} />}
      {query.data && (
        <PortfolioForm
          key={query.data.id}
          portfolio={query.data}
          submitLabel={t('common.save')}
          cancelTo={`/portfolios/${id}`}
          onSubmit={async (input) => {
            await update.mutateAsync(input);
            notify(t('portfolios.form.saved'), 'success', LIST_SNACKBAR_MS);
            await navigate(`/portfolios/${id}`);
          }}
        />
      )}
    </Box>
  );
}
