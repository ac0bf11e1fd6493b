import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeLocale } from '@/features/account/api/change-locale';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { LOCALE_NAMES, normalizeLocale, SUPPORTED_LOCALES } from '@/lib/locales';

/**
 * The account's language (e-mails, SMS) and the interface's: saved on the
 * account first, then the interface switches and the `locale` cookie is set.
 */
export function LanguageCard() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const selectId = useId();
  const current = normalizeLocale(i18n.language) ?? 'fr';

  const save = useChangeLocale({
    onSuccess: () => notify(t('account.language.saved')),
    onError: () => notify(t('account.language.error'), 'error'),
  });

  return (
    <SectionCard title={t('account.language.title')} description={t('account.language.description')} data-testid="language-card">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <FormControl sx={{ minWidth: 220 }} disabled={save.isPending}>
          <InputLabel htmlFor={selectId} shrink>
            {t('account.language.label')}
          </InputLabel>
          <NativeSelect
            value={current}
            onChange={(event) => {
              const locale = normalizeLocale(event.target.value);
              if (locale && locale !== current) save.mutate(locale);
            }}
            input={<OutlinedInput label={t('account.language.label')} notched />}
            inputProps={{ id: selectId }}
          >
            {SUPPORTED_LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        {save.isPending && <CircularProgress size={20} aria-label={t('common.saving')} />}
      </Box>
    </SectionCard>
  );
}
