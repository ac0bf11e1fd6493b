import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blocksSaving, checkSiret, SIRET_DEBOUNCE_MS, useSiretCheck, type SiretOutcome } from '@/features/company/api/check-siret';
import { setTokens } from '@/lib/auth/token-storage';
import { server } from '@/test/msw-server';

const SIRET = '73282932000074';

function typeDigitByDigit(rerender: (props: { siret: string }) => void, digits: string) {
  for (let i = 1; i <= digits.length; i += 1) {
    rerender({ siret: digits.slice(0, i) });
    // A person types a digit every 150 ms: shorter than the debounce.
    act(() => vi.advanceTimersByTime(150));
  }
}

describe('the SIRET check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('typing 14 digits one by one calls the register once, a second after the last digit', async () => {
    const check = vi.fn<(siret: string, signal: AbortSignal) => Promise<SiretOutcome>>().mockResolvedValue('active');
    const { result, rerender } = renderHook(({ siret }) => useSiretCheck(siret, { check }), { initialProps: { siret: '' } });
    typeDigitByDigit(rerender, SIRET);
    expect(check).not.toHaveBeenCalled();
    expect(result.current).toEqual({ status: 'waiting' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SIRET_DEBOUNCE_MS);
    });
    expect(check).toHaveBeenCalledTimes(1);
    expect(check.mock.calls[0]?.[0]).toBe(SIRET);
    expect(result.current).toEqual({ status: 'done', outcome: 'active' });
    // Re-renders with the same number never ask again.
    rerender({ siret: SIRET });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * SIRET_DEBOUNCE_MS);
    });
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('ignores a call made stale by a newer number, and remembers each answer', async () => {
    const other = '73282932000082';
    const answers: Record<string, SiretOutcome> = { [SIRET]: 'active', [other]: 'inactive' };
    const signals: AbortSignal[] = [];
    const check = vi.fn((siret: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<SiretOutcome>((resolve) => setTimeout(() => resolve(answers[siret] ?? 'error'), 500));
    });
    const { result, rerender } = renderHook(({ siret }) => useSiretCheck(siret, { check }), { initialProps: { siret: SIRET } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SIRET_DEBOUNCE_MS);
    });
    expect(result.current).toEqual({ status: 'checking' });
    // The user changes the number while the first answer is on its way.
    rerender({ siret: other });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SIRET_DEBOUNCE_MS + 500);
    });
    expect(signals[0]?.aborted).toBe(true);
    expect(result.current).toEqual({ status: 'done', outcome: 'inactive' });
    expect(check).toHaveBeenCalledTimes(2);
    rerender({ siret: other.slice(0, 13) });
    expect(result.current).toEqual({ status: 'idle' });
    rerender({ siret: other });
    expect(result.current).toEqual({ status: 'done', outcome: 'inactive' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * SIRET_DEBOUNCE_MS);
    });
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('does not ask about the number already saved', async () => {
    const check = vi.fn<(siret: string, signal: AbortSignal) => Promise<SiretOutcome>>().mockResolvedValue('active');
    const known = { siret: SIRET, outcome: 'unknown' as const };
    const { result } = renderHook(() => useSiretCheck(SIRET, { check, known }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * SIRET_DEBOUNCE_MS);
    });
    expect(check).not.toHaveBeenCalled();
    expect(result.current).toEqual({ status: 'done', outcome: 'unknown' });
  });

  it('blocks saving while checking and for the outcomes the server refuses', () => {
    expect(blocksSaving({ status: 'idle' })).toBe(false);
    expect(blocksSaving({ status: 'waiting' })).toBe(true);
    expect(blocksSaving({ status: 'checking' })).toBe(true);
    for (const outcome of ['format', 'not_found', 'inactive'] as const) expect(blocksSaving({ status: 'done', outcome })).toBe(true);
    for (const outcome of ['active', 'unknown', 'error'] as const) expect(blocksSaving({ status: 'done', outcome })).toBe(false);
  });
});

describe('GET /api/siren/siret, read as the five outcomes', () => {
  beforeEach(() => setTokens('access', 'refresh'));

  it.each([
    [200, { exists: true, isActive: true, status: 'active' }, 'active'],
    [200, { exists: true, isActive: false, status: 'inactive' }, 'inactive'],
    [200, { exists: false, isActive: false, status: 'unknown' }, 'unknown'],
    [400, { error: 'siret.errors.format', message: '', fields: { siret: 'siret.errors.format' } }, 'format'],
    [404, { error: 'siret.errors.not_found', message: '' }, 'not_found'],
    [503, { error: 'errors.service_unavailable', message: '' }, 'error'],
  ] as const)('%i %j -> %s', async (status, body, outcome) => {
    server.use(http.get('*/api/siren/siret', () => HttpResponse.json(body, { status })));
    await expect(checkSiret(SIRET)).resolves.toBe(outcome);
  });
});
