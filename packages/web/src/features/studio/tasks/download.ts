import { ApiError, type DOWNLOAD_DEFINITIONS } from '@productimage/core';
import { api } from '../../../app/api.ts';
import { currentLanguage } from '../../../app/i18n.ts';

export type Definition = (typeof DOWNLOAD_DEFINITIONS)[number];

/** Thrown when a download is asked for while another one is still running. */
export class DownloadBusyError extends Error {}

let busy = false;

/** Whether a download is running now (the spec allows one at a time). */
export const isDownloading = () => busy;

/** Reads the answer's body, reporting bytes received against Content-Length (0 when unknown). */
async function readWithProgress(response: Response, onBytes: (received: number, total: number) => void): Promise<Blob> {
  const total = Number(response.headers.get('content-length') ?? 0);
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onBytes(received, total);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? undefined });
}

/**
 * Downloads one output at the chosen definition through the server (which decides who may have
 * 2K and resamples the picture) and hands it to the browser as a file, under the server's file
 * name when it gives one. One download at a time.
 */
export async function downloadOutput(
  taskId: string,
  index: number,
  definition: Definition,
  filename: string,
  onBytes: (received: number, total: number) => void = () => {},
) {
  if (busy) throw new DownloadBusyError();
  busy = true;
  try {
    const response = await api.raw(
      `/api/tasks/${encodeURIComponent(taskId)}/outputs/${index}/download`,
      { definition },
      { headers: { 'Accept-Language': currentLanguage() } },
    );
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
      throw new ApiError(body?.code ?? response.status, body?.msg ?? response.statusText, response.status);
    }
    const blob = await readWithProgress(response, onBytes);
    const named = response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1];
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = named ?? filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } finally {
    busy = false;
  }
}
