import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePromotionalPopup, type PromotionalPopup as Popup } from '@/features/dashboard/api/get-promotional-popup';
import type { MarketingAudience } from '@/features/dashboard/api/get-promotional-alert';
import { MarketingLink } from '@/features/dashboard/components/marketing-link';
import { markPopupSeen, shouldShowPopup } from '@/features/dashboard/popup-once';

function PopupDialog({ popup, onClose }: { popup: Popup; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} aria-labelledby="promo-popup-title" maxWidth="sm" fullWidth data-testid="promotional-popup">
      {popup.imageUrl && (
        <Box component="img" src={popup.imageUrl} alt="" sx={{ display: 'block', width: '100%', maxHeight: 240, objectFit: 'cover' }} />
      )}
      <DialogTitle id="promo-popup-title">{popup.title}</DialogTitle>
      <DialogContent>
        {/* The server sanitises this HTML (paragraphs, emphasis, lists, links only). */}
        <Box
          sx={{ '& p': { mt: 0, mb: 1.5 }, '& a': { color: 'primary.main' }, typography: 'body1' }}
          dangerouslySetInnerHTML={{ __html: popup.description }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {popup.buttonText && popup.buttonLink && (
          <MarketingLink href={popup.buttonLink} variant="contained" onClick={onClose}>
            {popup.buttonText}
          </MarketingLink>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * The active promotional popup, in a dialog. With showOncePerUser it is shown
 * once per user (remembered in localStorage); waits while `hold` is set (the
 * onboarding congratulations come first).
 */
export function PromotionalPopup({ audience, userId, hold = false }: { audience: MarketingAudience; userId: string; hold?: boolean }) {
  const popup = usePromotionalPopup(audience);
  const [decision, setDecision] = useState<{ id: string; show: boolean } | null>(null);
  const [closed, setClosed] = useState(false);
  const data = popup.data ?? null;
  // Decided once per popup (then remembered), so marking it seen never hides it while open.
  if (data && decision?.id !== data.id) setDecision({ id: data.id, show: shouldShowPopup(data, userId) });
  const visible = data !== null && decision?.id === data.id && decision.show && !hold && !closed;

  useEffect(() => {
    if (visible && data) markPopupSeen(data, userId);
  }, [visible, data, userId]);

  if (!visible || !data) return null;
  return <PopupDialog popup={data} onClose={() => setClosed(true)} />;
}
