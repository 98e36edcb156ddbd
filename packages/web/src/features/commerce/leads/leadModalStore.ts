import type { LeadType } from '@productimage/core';
import { create } from 'zustand';

interface LeadModalState {
  open: boolean;
  type: LeadType;
  /** Where the enquiry came from (stored with the lead for operators). */
  webSource: string;
  show(type: LeadType, webSource: string): void;
  hide(): void;
}

/** The lead-capture modal (custom-model enquiry, enterprise service): anyone opens it, the shell renders it. */
export const useLeadModal = create<LeadModalState>((set) => ({
  open: false,
  type: 'custom_model',
  webSource: '',
  show: (type, webSource) => set({ open: true, type, webSource }),
  hide: () => set({ open: false }),
}));

/** The enquiry each menu set asks for: enterprise (modi) leads need a phone, hot-topic (travel) ones do not. */
export function leadTypeFor(menuSet: string): LeadType {
  if (menuSet === 'enterprise') return 'MODI';
  if (menuSet === 'travel') return 'HOT';
  return 'custom_model';
}
