import { ApiError, ERRORS } from '@productimage/core';
import { create } from 'zustand';

interface InsufficientCoinsState {
  open: boolean;
  show(): void;
  hide(): void;
}

/** The insufficient-lingshi modal (spec 000 §4): anyone opens it; the shell renders it. */
export const useInsufficientCoins = create<InsufficientCoinsState>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));

/** Whether an API failure is the server's notEnoughCoins (code 3002). */
export const isNotEnoughCoins = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ERRORS.notEnoughCoins.code;

/** Opens the modal when the error is notEnoughCoins; answers whether it did (the caller shows other errors). */
export function reportNotEnoughCoins(error: unknown): boolean {
  if (!isNotEnoughCoins(error)) return false;
  useInsufficientCoins.getState().show();
  return true;
}
