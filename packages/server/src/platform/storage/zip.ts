import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type archiverType from 'archiver';
import { requireOnUse } from '../require-on-use.ts';

/** One file of a ZIP archive. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/**
 * A ZIP archive as a stream (archiver), entries stored as they are: pictures are compressed already
 * and text packages are small. The next entry is asked for only once the previous one is written, so
 * a large export (a batch of 200 pictures) never sits in memory whole.
 */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, date = new Date()): Readable {
  // archiver loads with the first archive, not at start (platform/require-on-use.ts).
  const archive = requireOnUse<typeof archiverType>('archiver')('zip', { store: true });
  void (async () => {
    try {
      for await (const entry of entries) {
        const written = once(archive, 'entry');
        archive.append(entry.data, { name: entry.name, date });
        await written;
      }
      await archive.finalize();
    } catch (error) {
      archive.destroy(error as Error);
    }
  })();
  return archive;
}

/** The whole archive in memory, for small packages (a publishing plan's texts and pictures). */
export async function zipBuffer(entries: Iterable<ZipEntry>, date = new Date()): Promise<Buffer> {
  return Buffer.concat(await zipStream(entries, date).toArray());
}
