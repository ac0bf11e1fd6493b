import { describe, expect, it } from 'vitest';
import cases from '@/features/social-networks/social-cases.json';
import { NETWORKS, normaliseSocial, type Network } from '@/lib/social-url';

describe('the social link rules shared with the server', () => {
  it('has cases for every network', () => {
    for (const network of NETWORKS) expect(cases.some((c) => c.network === network)).toBe(true);
  });

  it.each(cases)('$network "$input" -> $ok', ({ network, input, want, ok }) => {
    const got = normaliseSocial(network as Network, input);
    expect(got.ok).toBe(ok);
    if (got.ok) expect(got.value).toBe(want);
  });
});
