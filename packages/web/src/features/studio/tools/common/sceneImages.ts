import type { QR_SCENES, REFERENCE_BACKGROUNDS } from '@productimage/core';

/** Previews of the pictures the server draws: reference backgrounds and QR art scenes. */
export const referenceUrl = (name: (typeof REFERENCE_BACKGROUNDS)[number]) => `/api/tasks/scenes/reference/${name}`;
export const qrSceneUrl = (id: (typeof QR_SCENES)[number]) => `/api/tasks/scenes/qr/${id}`;
