import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreditPrices } from '@/features/billing/api/get-credit-prices';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { formatMoney, MAX_CREDITS, MIN_CREDITS, QUICK_PICKS, quote, type Quote } from '@/features/billing/money';
import { plural } from '@/features/billing/plural';

interface PurchaseCardProps {
  disabled: boolean;
  onBuy: (quote: Quote) => void;
}

const DEFAULT_CREDITS = 10;

/** Part 2 §5: an integer from 1 to 50, or nothing. */
function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= MIN_CREDITS && value <= MAX_CREDITS ? value : null;
}

/** The slider purchase: 1 to 50 credits, quick picks, the server's price with the unit price and the saving. */
export function PurchaseCard({ disabled, onBuy }: PurchaseCardProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const prices = useCreditPrices();
  const [text, setText] = useState(String(DEFAULT_CREDITS));
  const credits = parseQuantity(text);
  const current = credits === null ? null : quote(prices.data?.prices, credits);
  const money = (cents: number) => formatMoney(cents, prices.data?.currency ?? 'EUR', i18n.language);
  const choose = (value: number) => setText(String(value));

  return (
    <Card component="section" aria-labelledby={titleId} data-testid="purchase-card" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } }, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Box>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
            {t('creditsPage.purchase.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('creditsPage.purchase.subtitle')}
          </Typography>
        </Box>

        <ToggleButtonGroup
          exclusive
          color="primary"
          value={credits}
          aria-label={t('creditsPage.purchase.quickPicks')}
          onChange={(_event, value: number | null) => {
            if (value !== null) choose(value);
          }}
          sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(6, 1fr)' }, gap: 1, '& .MuiToggleButtonGroup-grouped': { border: 1, borderColor: 'divider', borderRadius: '8px !important', m: 0 } }}
        >
          {QUICK_PICKS.map((pick) => {
            const pickQuote = quote(prices.data?.prices, pick);
            const unit = t(plural(i18n.language, pick, 'creditsPage.purchase.pickUnitOne', 'creditsPage.purchase.pickUnitOther'));
            const saving = pickQuote && pickQuote.savingPercent > 0 ? t('creditsPage.purchase.pickSaving', { percent: pickQuote.savingPercent }) : null;
            return (
              <ToggleButton key={pick} value={pick} data-testid={`quick-pick-${pick}`} sx={{ flexDirection: 'column', py: 1, gap: 0.25, textTransform: 'none' }}>
                <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.125rem', lineHeight: 1.2, color: credits === pick ? 'primary.main' : 'text.primary' }}>
                  {pick}
                </Typography>{' '}
                {/* The button reads "10 credits −23%": the unit is said, the saving shown. */}
                <Box component="span" sx={saving ? visuallyHidden : { fontSize: '0.75rem', fontWeight: 400, lineHeight: 1.2, color: 'text.secondary' }}>
                  {` ${unit}`}
                </Box>
                {saving && (
                  <Typography component="span" variant="caption" sx={{ lineHeight: 1.2, color: 'success.main', fontWeight: 600 }}>
                    {saving}
                  </Typography>
                )}
              </ToggleButton>
            );
          })}
        </ToggleButtonGroup>

        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 2, sm: 3 } }}>
          <Slider
            value={credits ?? MIN_CREDITS}
            min={MIN_CREDITS}
            max={MAX_CREDITS}
            step={1}
            marks={[{ value: 1, label: '1' }, { value: 25, label: '25' }, { value: 50, label: '50' }]}
            valueLabelDisplay="auto"
            aria-label={t('creditsPage.purchase.slider')}
            onChange={(_event, value) => choose(value as number)}
            sx={{ flexGrow: 1, mx: 1 }}
          />
          <TextField
            label={t('creditsPage.purchase.quantity')}
            value={text}
            size="small"
            error={credits === null}
            onChange={(event) => setText(event.target.value)}
            // Part 2 §5: an invalid typed value resets to 1 on blur.
            onBlur={() => {
              if (credits === null) setText(String(MIN_CREDITS));
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': `${titleId}-range`, maxLength: 2 } }}
            sx={{ width: 96, flexShrink: 0 }}
          />
        </Box>
        <Typography id={`${titleId}-range`} variant="caption" color={credits === null ? 'error' : 'text.secondary'} sx={{ mt: -1.5 }}>
          {t('creditsPage.purchase.range', { min: MIN_CREDITS, max: MAX_CREDITS })}
        </Typography>

        {prices.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void prices.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('creditsPage.errors.prices_load_error')}
          </Alert>
        )}

        <Box
          data-testid="price-summary"
          aria-live="polite"
          sx={{
            p: 2,
            borderRadius: 2,
            background: (theme) => `linear-gradient(135deg, ${theme.palette.action.selected}, ${theme.palette.action.hover})`,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1.5,
          }}
        >
          <Box>
            <Typography variant="body2" color="text.secondary">
              {credits === null ? t('creditsPage.purchase.total') : t(plural(i18n.language, credits, 'creditsPage.purchase.totalForOne', 'creditsPage.purchase.totalForOther'), { count: credits })}
            </Typography>
            {prices.isPending ? (
              <Skeleton width={120} height={44} />
            ) : (
              <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }} data-testid="price-total">
                {current ? money(current.totalCents) : '–'}
              </Typography>
            )}
            {current && (
              <Typography variant="body2" color="text.secondary" data-testid="price-unit">
                {t('creditsPage.purchase.unitPrice', { price: money(current.unitCents) })}
              </Typography>
            )}
          </Box>
          {current && current.savingCents > 0 && (
            <Chip
              color="success"
              data-testid="price-saving"
              label={t('creditsPage.purchase.saving', { amount: money(current.savingCents), percent: current.savingPercent })}
            />
          )}
        </Box>

        <Button
          variant="contained"
          size="large"
          startIcon={<LockOutlinedIcon />}
          disabled={disabled || current === null}
          onClick={() => {
            if (current) onBuy(current);
          }}
          data-testid="buy-button"
        >
          {current
            ? t(plural(i18n.language, current.credits, 'creditsPage.purchase.buyOne', 'creditsPage.purchase.buyOther'), {
                count: current.credits,
                price: money(current.totalCents),
              })
            : t('creditsPage.purchase.buyDisabled')}
        </Button>
      </CardContent>
    </Card>
  );
}
