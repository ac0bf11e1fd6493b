import { useCallback } from 'react';
import { changeAccountLocale } from '@/features/account/api/change-locale';
import { LanguageMenu } from '@/components/ui/language-menu';
import { getToken } from '@/lib/auth/token-storage';
import { changeLocale } from '@/lib/i18n';
import type { Locale } from '@/lib/locales';

/** Switches the interface (and the `locale` cookie); a signed-in account also remembers it. */
export function AppLanguageMenu({ color }: { color?: 'inherit' | 'primary' }) {
  const onChange = useCallback(async (locale: Locale) => {
    await changeLocale(locale);
    if (getToken()) {
      // Best effort: the interface already switched; e-mails follow the account's language.
      changeAccountLocale(locale).catch(() => undefined);
    }
  }, []);
  return <LanguageMenu onChange={onChange} color={color} />;
}
