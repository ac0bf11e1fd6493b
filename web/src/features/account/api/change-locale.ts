import { api, unwrap } from '@/lib/api-client';
import type { Locale } from '@/lib/locales';

/** POST /api/account/change-locale {locale}: the account's language for e-mails and SMS. */
export async function changeAccountLocale(locale: Locale): Promise<void> {
  await unwrap(api.POST('/api/account/change-locale', { body: { locale } }));
}
