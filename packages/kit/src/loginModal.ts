import { create } from 'zustand';

export type LoginView = 'login' | 'register' | 'reset';
export type LoginTab = 'sms' | 'mail' | 'password';

interface LoginModalState {
  open: boolean;
  view: LoginView;
  /** When true the user cannot close it (marketing-suite pages); it closes itself after login. */
  locked: boolean;
  show(view?: LoginView, options?: { locked?: boolean }): void;
  hide(): void;
  setView(view: LoginView): void;
}

/** The login modal's state: any page (or a guarded action) opens it over what the user was doing. */
export const useLoginModal = create<LoginModalState>((set) => ({
  open: false,
  view: 'login',
  locked: false,
  show: (view = 'login', options = {}) => set({ open: true, view, locked: !!options.locked }),
  hide: () => set({ open: false, locked: false }),
  setView: (view) => set({ view }),
}));
