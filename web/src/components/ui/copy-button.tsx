import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/ui/snackbar-provider';

/** Part 2 §9: the "copied" snackbar of a copy button stays 3 s. */
export const COPY_SNACKBAR_MS = 3_000;

interface CopyButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The text put on the clipboard. */
  text: string;
  /** The button's label; "Copy" when absent. */
  label?: string;
  /** The snackbar's text after a copy; "Copied" when absent. */
  copiedMessage?: string;
}

/**
 * Copies a text (a link, an embed code) and says so for 3 s. Where the
 * clipboard is refused (an insecure origin, a denied permission) the
 * snackbar says to copy by hand, and the text stays on screen to select.
 */
export function CopyButton({ text, label, copiedMessage, variant = 'outlined', ...props }: CopyButtonProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify(copiedMessage ?? t('common.copied'), 'success', COPY_SNACKBAR_MS);
    } catch {
      notify(t('common.copyFailed'), 'error', COPY_SNACKBAR_MS);
    }
  };
  return (
    <Button variant={variant} startIcon={<ContentCopyIcon />} onClick={() => void copy()} {...props}>
      {label ?? t('common.copy')}
    </Button>
  );
}
