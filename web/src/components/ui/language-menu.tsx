import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { LOCALE_NAMES, normalizeLocale, type Locale } from '@/lib/locales';

const loadPopup = () => import('@/components/ui/language-menu-popup');
const LanguageMenuPopup = lazy(() => loadPopup().then((module) => ({ default: module.LanguageMenuPopup })));

interface LanguageMenuProps {
  /** Called after the interface switched (e.g. to save the choice on the account). */
  onChange: (locale: Locale) => void | Promise<void>;
  color?: 'inherit' | 'primary';
}

/** The language selector: a button showing the current language and a menu of the seven. */
export function LanguageMenu({ onChange, color = 'primary' }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const current = normalizeLocale(i18n.language) ?? 'fr';

  const choose = (locale: Locale) => {
    setAnchor(null);
    if (locale !== current) void onChange(locale);
  };

  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={() => void loadPopup()}
        onFocus={() => void loadPopup()}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        size="small"
        sx={{ whiteSpace: 'nowrap' }}
        data-testid="language-button"
      >
        <Box component="span" sx={visuallyHidden}>
          {t('shell.language')}:{' '}
        </Box>
        <span lang={current}>{LOCALE_NAMES[current]}</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenuPopup id={menuId} anchor={anchor} current={current} onChoose={choose} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
