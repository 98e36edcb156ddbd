import type { REFERENCE_BACKGROUNDS } from '@productimage/core';

/** Where the server serves the example reference backgrounds. */
export const referenceUrl = (name: (typeof REFERENCE_BACKGROUNDS)[number]) => `/api/tasks/references/${name}`;
