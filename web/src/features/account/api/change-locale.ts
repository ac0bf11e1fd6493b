import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, unwrap } from '@/lib/api-client';
import { getToken } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';
import { changeLocale } from '@/lib/i18n';
import type { Locale } from '@/lib/locales';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/account/change-locale {locale}: the account's language for e-mails and SMS. */
export async function changeAccountLocale(locale: Locale): Promise<void> {
  await unwrap(api.POST('/api/account/change-locale', { body: { locale } }));
}

/** Saved on the account first, then the interface switches (and sets the `locale` cookie). */
export function useChangeLocale(config?: MutationConfig<Locale, Locale>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: async (locale: Locale) => {
          await changeAccountLocale(locale);
          await changeLocale(locale);
          return locale;
        },
        onSuccess: (locale) => queryClient.setQueryData<User>(queryKeys.me, (user) => (user ? { ...user, locale } : user)),
      },
      config,
    ),
  );
}

/**
 * The language menu's switch: the interface (and the `locale` cookie) first;
 * a signed-in account then remembers it, at best effort: e-mails follow the
 * account's language.
 */
export function useSwitchLocale(): (locale: Locale) => Promise<void> {
  const { mutate: remember } = useMutation({ mutationFn: changeAccountLocale });
  return useCallback(
    async (locale: Locale) => {
      await changeLocale(locale);
      if (getToken()) remember(locale);
    },
    [remember],
  );
}
