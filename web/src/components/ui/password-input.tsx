import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from '@/components/ui/text-input';

/** A password field with a show/hide button. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<TextInputProps, 'type' | 'endAdornment'>>(function PasswordInput(
  props,
  ref,
) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      ref={ref}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? t('signin.hidePassword') : t('signin.showPassword')}
            aria-pressed={visible ? 'true' : 'false'}
            onClick={() => setVisible((value) => !value)}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
});
