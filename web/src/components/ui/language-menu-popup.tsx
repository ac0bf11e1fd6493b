import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LOCALE_NAMES, SUPPORTED_LOCALES, type Locale } from '@/lib/locales';

interface LanguageMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  current: Locale;
  onChoose: (locale: Locale) => void;
  onClose: () => void;
}

/** The list of the seven languages; loaded on first open to keep the first page light. */
export function LanguageMenuPopup({ id, anchor, current, onChoose, onClose }: LanguageMenuPopupProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {SUPPORTED_LOCALES.map((locale) => (
        <MenuItem key={locale} lang={locale} selected={locale === current} onClick={() => onChoose(locale)}>
          {LOCALE_NAMES[locale]}
        </MenuItem>
      ))}
    </Menu>
  );
}
