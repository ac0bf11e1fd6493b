import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { listLangues } from '@/features/company/api/list-langues';
import { listPrestations } from '@/features/company/api/list-prestations';
import { useNotify } from '@/components/ui/snackbar-provider';

/**
 * The services and languages offered by the multi-selects, labelled in the
 * interface language. A failure shows the snackbar of part 1 §8 once.
 */
export function useCompanyOptions() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const prestations = useQuery({ queryKey: ['prestations', i18n.language], queryFn: listPrestations, staleTime: 10 * 60_000 });
  const langues = useQuery({ queryKey: ['langues', i18n.language], queryFn: listLangues, staleTime: 10 * 60_000 });

  useEffect(() => {
    if (prestations.isError) notify(t('company.errors.loadPrestations'), 'error');
  }, [prestations.isError, notify, t]);
  useEffect(() => {
    if (langues.isError) notify(t('company.errors.loadLangues'), 'error');
  }, [langues.isError, notify, t]);

  return {
    prestations: prestations.data ?? [],
    langues: langues.data ?? [],
    loadingPrestations: prestations.isPending,
    loadingLangues: langues.isPending,
  };
}
