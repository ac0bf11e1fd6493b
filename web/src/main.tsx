import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { getConfig, initialLocale } from '@/lib/config';
import { initErrorReporting } from '@/lib/error-reporting';
import { initI18n } from '@/lib/i18n';

const config = getConfig();
initErrorReporting(config);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void initI18n(initialLocale(config)).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
