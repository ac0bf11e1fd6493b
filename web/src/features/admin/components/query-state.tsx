import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/features/admin/server-errors';
import { visuallyHidden } from '@/components/ui/visually-hidden';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Whether the loaded data has nothing to show. */
  isEmpty: (data: T) => boolean;
  emptyTitle: string;
  emptyText?: string;
  /** How many skeleton rows stand for the list while it loads. */
  rows?: number;
  children: (data: T) => ReactNode;
}

/** A list's three other states: loading (skeletons), failed (the server's message and Retry), empty. */
export function QueryState<T>({ query, isEmpty, emptyTitle, emptyText, rows = 5, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Card aria-busy="true" data-testid="admin-loading">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography component="span" sx={visuallyHidden}>
            {t('admin.states.loading')}
          </Typography>
          {Array.from({ length: rows }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={44} />
          ))}
        </CardContent>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        data-testid="admin-error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {errorMessage(query.error, t)}
      </Alert>
    );
  }
  if (isEmpty(query.data)) {
    return (
      <Card data-testid="admin-empty">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1, py: 6 }}>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 56,
              height: 56,
              borderRadius: '50%',
              bgcolor: 'action.selected',
              color: 'primary.main',
              mb: 1,
            }}
          >
            <InboxOutlinedIcon aria-hidden="true" />
          </Box>
          <Typography variant="h2" component="p" sx={{ fontSize: '1.125rem' }}>
            {emptyTitle}
          </Typography>
          {emptyText && <Typography color="text.secondary">{emptyText}</Typography>}
        </CardContent>
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}
