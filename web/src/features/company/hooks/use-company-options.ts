import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLangues } from '@/features/company/api/list-langues';
import { useNotify } from '@/components/ui/snackbar-provider';
import { usePrestations, type Option } from '@/lib/api/list-prestations';

export interface CompanyOptions {
  prestations: Option[];
  langues: Option[];
  loadingPrestations: boolean;
  loadingLangues: boolean;
}

/**
 * The services and languages offered by the multi-selects, labelled in the
 * interface language. A failure shows the snackbar of part 1 §8 once.
 */
export function useCompanyOptions(): CompanyOptions {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const prestations = usePrestations(i18n.language);
  const langues = useLangues(i18n.language);

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
