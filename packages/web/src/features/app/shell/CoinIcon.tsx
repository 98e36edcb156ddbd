import type { Tier } from '@productimage/core';

/** Coin colours per membership tier (the mobile header's tier-specific coin icon). */
const TIER_COLORS: Record<Tier, { face: string; rim: string }> = {
  free: { face: '#c9ced8', rim: '#9aa2b1' },
  basic: { face: '#e8b07a', rim: '#b87a45' },
  professional: { face: '#8fb4ff', rim: '#2352d8' },
  premium: { face: '#ffd45c', rim: '#d99a00' },
  flagship: { face: '#c59bff', rim: '#7a3fe0' },
  enterprise: { face: '#4a4f5c', rim: '#1d2029' },
};

/** A lingshi coin drawn in the colours of the user's tier. */
export function CoinIcon({ tier, size = 18 }: { tier: Tier; size?: number }) {
  const { face, rim } = TIER_COLORS[tier] ?? TIER_COLORS.free;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" data-testid="coin-icon" data-tier={tier} aria-hidden="true">
      <circle cx="12" cy="12" r="10.5" fill={face} stroke={rim} strokeWidth="2" />
      <path d="M12 6.5l1.7 3.6 3.8.5-2.8 2.6.7 3.8L12 15.2 8.6 17l.7-3.8-2.8-2.6 3.8-.5z" fill={rim} />
    </svg>
  );
}
