import { AppLanguageMenu } from '@/app/app-language-menu';
import { LoginPage } from '@/features/auth/components/login-page';

export function Component() {
  return <LoginPage languageMenu={<AppLanguageMenu />} />;
}
