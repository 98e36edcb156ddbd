import { TASK_UPLOAD } from '@productimage/core';

/** What the client knows about a picked file before it is sent. */
export interface ImageFacts {
  /** Type sniffed from the file's first bytes (null when it is none of ours). */
  mime: string | null;
  bytes: number;
  width: number;
  height: number;
}

/** A refusal as an `errors` catalogue key and its parameters: the same text the server sends. */
export interface ImageProblem {
  key: string;
  params?: Record<string, string | number>;
}

export interface UploadRules {
  minBytes: number;
  maxBytes: number;
  minAspect: number;
  maxAspect: number;
  mimeTypes: readonly string[];
  /** Shortest allowed side in pixels, when the server sets one. */
  minSide?: number;
}

const MB = 1024 * 1024;
/** "500KB", "10MB": the way the limits are written in the spec. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${+(bytes / MB).toFixed(1)}MB` : `${Math.round(bytes / 1024)}KB`;
}

/** Sniffs png, jpeg or webp from the first bytes, as the server does (content, not name). */
export function sniffImageType(head: Uint8Array): string | null {
  const at = (i: number) => head[i] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * Client-side mirror of the server's upload rules for generation inputs (spec 001 §5). It saves the
 * user a round trip; the server checks again and its message is shown when it refuses.
 */
export function checkImage(facts: ImageFacts, rules: UploadRules = TASK_UPLOAD): ImageProblem | null {
  if (!facts.mime || !rules.mimeTypes.includes(facts.mime)) return { key: 'uploadTypeInvalid' };
  if (facts.bytes > rules.maxBytes) return { key: 'uploadTooLarge', params: { max: formatBytes(rules.maxBytes) } };
  if (facts.bytes < rules.minBytes) return { key: 'uploadTooSmall', params: { min: formatBytes(rules.minBytes) } };
  const aspect = facts.width / facts.height;
  if (!(aspect >= rules.minAspect && aspect <= rules.maxAspect)) return { key: 'uploadAspectInvalid' };
  if (rules.minSide && Math.min(facts.width, facts.height) < rules.minSide) {
    return { key: 'uploadResolutionTooLow', params: { size: rules.minSide } };
  }
  return null;
}

/** The rules of a fresh upload for a tenant: the spec's, with the minimum its operator set (console flags). */
export function uploadRulesOf(flags: { uploadMinKB?: number | null; uploadMinSide?: number | null }): UploadRules {
  return {
    ...TASK_UPLOAD,
    minBytes: flags.uploadMinKB ? flags.uploadMinKB * 1024 : TASK_UPLOAD.minBytes,
    minSide: flags.uploadMinSide ?? TASK_UPLOAD.minSide,
  };
}

/** Reads the facts of a picked file in the browser (type from content, pixel size by decoding). */
export async function readImageFacts(file: File): Promise<ImageFacts> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const mime = sniffImageType(head);
  if (!mime) return { mime: null, bytes: file.size, width: 0, height: 0 };
  try {
    const bitmap = await createImageBitmap(file);
    const facts = { mime, bytes: file.size, width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return facts;
  } catch {
    // a file that claims to be an image but does not decode is refused like a wrong type
    return { mime: null, bytes: file.size, width: 0, height: 0 };
  }
}
