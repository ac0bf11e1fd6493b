import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import PrintRoundedIcon from '@mui/icons-material/PrintRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button';
import { SectionCard } from '@/components/ui/section-card';

const PRINT_CARD_ID = 'review-print-card';

/**
 * The review link to send to past couples: copy it, or print a card with
 * its QR code (only the card prints), or download the QR code as an SVG.
 */
export function ReviewLinkCard({ url, companyName }: { url: string; companyName: string }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const qrRef = useRef<SVGSVGElement>(null);

  const download = () => {
    const svg = qrRef.current;
    if (!svg) return;
    const source = new XMLSerializer().serializeToString(svg);
    const blob = new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n${source}`], { type: 'image/svg+xml' });
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = 'noces-review-qr.svg';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1_000);
  };

  return (
    <SectionCard title={t('reviews.link.title')} description={t('reviews.link.text')} data-testid="review-link">
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            [`#${PRINT_CARD_ID}, #${PRINT_CARD_ID} *`]: { visibility: 'visible' },
            [`#${PRINT_CARD_ID}`]: { position: 'fixed', inset: 0, margin: 'auto', height: 'fit-content', border: '1px solid #999 !important', boxShadow: 'none !important' },
            [`#${PRINT_CARD_ID} .no-print`]: { display: 'none' },
          },
        }}
      />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 3, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography component="label" htmlFor={fieldId} variant="subtitle2">
            {t('reviews.link.label')}
          </Typography>
          <Box
            component="input"
            id={fieldId}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            sx={{
              width: '100%',
              boxSizing: 'border-box',
              p: 1.25,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'action.hover',
              color: 'text.primary',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: '0.85rem',
            }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <CopyButton text={url} variant="contained" label={t('reviews.link.copy')} copiedMessage={t('reviews.link.copied')} />
            <Button variant="outlined" startIcon={<PrintRoundedIcon />} onClick={() => window.print()}>
              {t('reviews.link.print')}
            </Button>
            <Button variant="text" startIcon={<DownloadRoundedIcon />} onClick={download}>
              {t('reviews.link.download')}
            </Button>
          </Box>
        </Box>
        <Box
          id={PRINT_CARD_ID}
          data-testid="review-qr-card"
          sx={{
            alignSelf: 'center',
            width: 240,
            maxWidth: '100%',
            p: 2.5,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: '#fff',
            color: '#2b2024',
            textAlign: 'center',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1,
          }}
        >
          <Typography sx={{ fontFamily: 'Georgia, serif', fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>{companyName}</Typography>
          <Typography variant="body2" sx={{ color: '#5a4a50' }}>
            {t('reviews.link.cardText')}
          </Typography>
          <QRCodeSVG ref={qrRef} value={url} size={160} marginSize={2} level="M" title={t('reviews.link.qrTitle')} role="img" aria-label={t('reviews.link.qrTitle')} />
          <Typography variant="caption" sx={{ color: '#5a4a50' }}>
            {t('reviews.link.cardFooter')}
          </Typography>
        </Box>
      </Box>
    </SectionCard>
  );
}
