import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A ZIP archive written as a stream, entries stored as they are (pictures are compressed already):
 * local headers and data as each entry arrives, the central directory at the end. UTF-8 names
 * (flag 11). No ZIP64: a batch (200 pictures within their marketplaces' byte limits) stays far
 * below 4 GB.
 */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

function dosTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export function zipStream(entries: AsyncIterable<ZipEntry>, now = new Date()): Readable {
  async function* generate() {
    const { time, day } = dosTime(now);
    const central: Buffer[] = [];
    let offset = 0;
    let count = 0;
    for await (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const crc = zlib.crc32(entry.data);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6);
      local.writeUInt16LE(0, 8);
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(day, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(entry.data.length, 18);
      local.writeUInt32LE(entry.data.length, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      const dir = Buffer.alloc(46);
      dir.writeUInt32LE(0x02014b50, 0);
      dir.writeUInt16LE(20, 4);
      dir.writeUInt16LE(20, 6);
      dir.writeUInt16LE(0x0800, 8);
      dir.writeUInt16LE(0, 10);
      dir.writeUInt16LE(time, 12);
      dir.writeUInt16LE(day, 14);
      dir.writeUInt32LE(crc, 16);
      dir.writeUInt32LE(entry.data.length, 20);
      dir.writeUInt32LE(entry.data.length, 24);
      dir.writeUInt16LE(name.length, 28);
      dir.writeUInt32LE(offset, 42);
      central.push(dir, name);
      yield Buffer.concat([local, name]);
      yield entry.data;
      offset += local.length + name.length + entry.data.length;
      count++;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    yield directory;
    yield end;
  }
  return Readable.from(generate());
}
