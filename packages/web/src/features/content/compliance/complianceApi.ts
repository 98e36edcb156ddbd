import type { ApiBody } from '@productimage/core';
import { api } from '../../../app/api.ts';

export const COMPLIANCE_WORDS_KEY = ['console', 'compliance-words'] as const;

/** The compliance engine's routes (docs/compliance.md): the check, and operators' word lists. */
export const complianceApi = {
  check: (body: ApiBody<'post', '/api/compliance/check'>) => api.POST('/api/compliance/check', { body }),
  words: () => api.GET('/api/console/compliance/words'),
  addWords: (words: ApiBody<'post', '/api/console/compliance/words'>['words']) =>
    api.POST('/api/console/compliance/words', { body: { words } }),
  importCsv: (csv: string) => api.POST('/api/console/compliance/words/import', { body: { csv } }),
  setEnabled: (id: number, enabled: boolean) =>
    api.PUT('/api/console/compliance/words/{id}', { params: { path: { id } }, body: { enabled } }),
};
