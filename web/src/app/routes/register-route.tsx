import { AppLanguageMenu } from '@/app/app-language-menu';
import { RegisterPage } from '@/features/auth/components/register-page';

export function Component() {
  return <RegisterPage languageMenu={<AppLanguageMenu />} />;
}
