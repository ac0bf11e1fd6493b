import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale, StripeElementsOptions } from '@stripe/stripe-js';
// The pure entry point loads Stripe's script on the first loadStripe() call,
// not when this module is imported (STACK.md).
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cardErrorKey } from '@/features/billing/return-messages';

/** Stripe's return address: the server reads the outcome and sends the browser to /credits?status=... */
export const PAYMENT_RETURN_PATH = '/api/credits/payment-success';

const loaded = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per publishable key; a failed load resolves to null (stripe_not_loaded). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => null);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

const APPEARANCE: StripeElementsOptions['appearance'] = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#7b2d4b',
    colorText: '#1a1715',
    colorDanger: '#b3261e',
    borderRadius: '8px',
    fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, Arial, sans-serif',
  },
};

function CardForm({ amount }: { amount: string }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) {
      setErrorKey('creditsPage.errors.stripe_not_loaded');
      return;
    }
    setErrorKey(null);
    setConfirming(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${PAYMENT_RETURN_PATH}` },
    });
    // Only an error comes back here: a confirmed payment leaves for return_url.
    setConfirming(false);
    // Incomplete fields are shown by the Payment Element itself, beside them.
    if (error.type !== 'validation_error') setErrorKey(cardErrorKey(error));
  };

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} noValidate>
      <Box data-testid="stripe-payment-element" sx={{ minHeight: ready ? undefined : 180 }}>
        {!ready && <Skeleton variant="rounded" height={180} aria-hidden="true" />}
        <PaymentElement
          options={{ layout: 'tabs' }}
          onReady={() => setReady(true)}
          onLoadError={() => setErrorKey('creditsPage.errors.stripe_not_loaded')}
        />
      </Box>
      {errorKey && (
        <Alert severity="error" data-testid="card-error">
          {t(errorKey)}
        </Alert>
      )}
      {confirming && (
        <Typography role="status" variant="body2" color="text.secondary">
          {t('creditsPage.dialog.payment_processing')}
        </Typography>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!stripe || !ready || confirming}
        startIcon={confirming ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
      >
        {t('creditsPage.dialog.pay', { price: amount })}
      </Button>
    </Box>
  );
}

interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  amount: string;
}

/** Stripe Elements (Payment Element) for the PaymentIntent the server created. */
export function StripePaymentForm({ publishableKey, clientSecret, amount }: StripePaymentFormProps) {
  const { t, i18n } = useTranslation();
  const [stripePromise] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void stripePromise.then((stripe) => {
      if (live && !stripe) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [stripePromise]);

  const options = useMemo<StripeElementsOptions>(
    () => ({ clientSecret, locale: i18n.language as StripeElementLocale, appearance: APPEARANCE }),
    [clientSecret, i18n.language],
  );

  if (failed) return <Alert severity="error">{t('creditsPage.errors.stripe_not_loaded')}</Alert>;
  return (
    <Elements stripe={stripePromise} options={options}>
      <CardForm amount={amount} />
    </Elements>
  );
}
