import { useSwitchLocale } from '@/features/account/api/change-locale';
import { LanguageMenu } from '@/components/ui/language-menu';

/** Switches the interface (and the `locale` cookie); a signed-in account also remembers it. */
export function AppLanguageMenu({ color }: { color?: 'inherit' | 'primary' }) {
  const switchLocale = useSwitchLocale();
  return <LanguageMenu onChange={switchLocale} color={color} />;
}
