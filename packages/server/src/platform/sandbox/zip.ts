import zlib from 'node:zlib';
import { SANDBOX_LIMITS } from './limits.ts';
import { tooComplex, unreadable } from './refusal.ts';

/**
 * Reads a zip's central directory (the index at its end) without unpacking anything: each entry's
 * name and declared packed and unpacked sizes (zip64 included). docx and xlsx are zips, and a zip
 * bomb is a small file whose entries unpack to gigabytes: the sizes are checked here first. A zip
 * may lie about its sizes; the parse worker's heap and time limits stop that one (runner.ts).
 */
export interface ZipEntry {
  name: string;
  packed: number;
  size: number;
  /** Compression method: 0 stored, 8 deflate. */
  method: number;
  /** Where the entry's local header starts. */
  offset: number;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const MAX32 = 0xffffffff;

/** The entries of a zip, or null when its central directory cannot be read. */
export function zipEntries(data: Buffer): ZipEntry[] | null {
  const from = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  let count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  if ((count === 0xffff || offset === MAX32) && eocd >= 20 && data.readUInt32LE(eocd - 20) === EOCD64_LOCATOR) {
    const at = Number(data.readBigUInt64LE(eocd - 20 + 8));
    if (at + 56 > data.length || data.readUInt32LE(at) !== EOCD64) return null;
    count = Number(data.readBigUInt64LE(at + 32));
    offset = Number(data.readBigUInt64LE(at + 48));
  }
  if (count > SANDBOX_LIMITS.ZIP_MAX_ENTRIES) throw tooComplex('ZIP_MAX_ENTRIES');
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > data.length || data.readUInt32LE(p) !== CENTRAL) return null;
    const method = data.readUInt16LE(p + 10);
    let local = data.readUInt32LE(p + 42);
    let packed = data.readUInt32LE(p + 20);
    let size = data.readUInt32LE(p + 24);
    const nameLength = data.readUInt16LE(p + 28);
    const extraLength = data.readUInt16LE(p + 30);
    const commentLength = data.readUInt16LE(p + 32);
    const name = data.toString('utf8', p + 46, p + 46 + nameLength);
    if (size === MAX32 || packed === MAX32 || local === MAX32) {
      // zip64 extra field (0x0001): the 64-bit sizes, unpacked first, each present only when its 32-bit field is full.
      let e = p + 46 + nameLength;
      const end = e + extraLength;
      while (e + 4 <= end) {
        const id = data.readUInt16LE(e);
        const length = data.readUInt16LE(e + 2);
        if (id === 1) {
          let q = e + 4;
          if (size === MAX32 && q + 8 <= end) {
            size = Number(data.readBigUInt64LE(q));
            q += 8;
          }
          if (packed === MAX32 && q + 8 <= end) {
            packed = Number(data.readBigUInt64LE(q));
            q += 8;
          }
          if (local === MAX32 && q + 8 <= end) local = Number(data.readBigUInt64LE(q));
          break;
        }
        e += 4 + length;
      }
    }
    entries.push({ name, packed, size, method, offset: local });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Refuses a zip whose entries would unpack beyond the limits (`fileTooComplex`): too many entries,
 * too many bytes in all, an entry that inflates too far, or more than `only.max` bytes in the
 * entries `only.match` picks (an xlsx's worksheets). Answers the entries, or null when the zip has
 * no readable central directory (the caller refuses it as unreadable).
 */
export function checkZip(data: Buffer, only?: { match: RegExp; max: number; limit: 'XLSX_MAX_SHEET_BYTES' }): ZipEntry[] | null {
  const entries = zipEntries(data);
  if (!entries) return null;
  let total = 0;
  let picked = 0;
  for (const entry of entries) {
    total += entry.size;
    if (entry.size > 1024 * 1024 && entry.size > Math.max(1, entry.packed) * SANDBOX_LIMITS.ZIP_MAX_RATIO)
      throw tooComplex('ZIP_MAX_RATIO');
    if (only?.match.test(entry.name)) picked += entry.size;
  }
  if (total > SANDBOX_LIMITS.ZIP_MAX_UNPACKED_BYTES) throw tooComplex('ZIP_MAX_UNPACKED_BYTES');
  if (only && picked > only.max) throw tooComplex(only.limit);
  return entries;
}

/**
 * Inflates every entry with its declared size as the ceiling (zlib's maxOutputLength), so a zip
 * that lies in its central directory is refused (`fileTooComplex`) before a parser unpacks it
 * without limit. Runs in the sandbox process (it costs one inflate of at most ZIP_MAX_UNPACKED_BYTES).
 */
export function verifyZipSizes(data: Buffer, entries: ZipEntry[]): void {
  for (const entry of entries) {
    const at = entry.offset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw unreadable();
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    const packed = data.subarray(start, start + entry.packed);
    if (entry.method === 0) {
      if (entry.packed !== entry.size) throw tooComplex('ZIP_MAX_UNPACKED_BYTES');
      continue;
    }
    if (entry.method !== 8) throw unreadable();
    let out: Buffer;
    try {
      out = zlib.inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError)
        throw tooComplex('ZIP_MAX_UNPACKED_BYTES');
      throw unreadable();
    }
    if (out.length !== entry.size) throw tooComplex('ZIP_MAX_UNPACKED_BYTES');
  }
}
