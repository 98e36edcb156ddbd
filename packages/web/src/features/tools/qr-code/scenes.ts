/** The scene images QR art is drawn over (scene '1' is the default). */
export const QR_SCENES = ['1', '2', '3', '4'] as const;
export const QR_CONTENT_MAX = 500;
export const qrSceneUrl = (id: string) => `/api/tasks/qr-scenes/${id}`;
