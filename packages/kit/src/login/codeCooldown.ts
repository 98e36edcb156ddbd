import { RESEND_COUNTDOWN_SECONDS } from '@productimage/core';
import { useEffect, useState } from 'react';
import { create } from 'zustand';

interface CooldownState {
  /** Epoch ms until which no new code may be requested, per account. */
  until: Record<string, number>;
  start(account: string): void;
}

/**
 * Resend countdowns, kept per account outside the form so that switching tabs or views does not
 * let the user ask again before the countdown ends (the server refuses it anyway).
 */
const useCooldowns = create<CooldownState>((set) => ({
  until: {},
  start: (account) => set((state) => ({ until: { ...state.until, [account]: Date.now() + RESEND_COUNTDOWN_SECONDS * 1000 } })),
}));

/** Seconds left before a new code may be requested for the account (0 when it may), and a starter. */
export function useCodeCooldown(account: string) {
  const until = useCooldowns((s) => s.until[account] ?? 0);
  const start = useCooldowns((s) => s.start);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    setNow(Date.now());
    return () => clearInterval(timer);
  }, [until]);
  return { left, start: () => start(account) };
}
