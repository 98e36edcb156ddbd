import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ffmpegPath } from './ffmpeg.ts';

/**
 * The bombs of issue 26's attack run, built in the test (nothing binary is checked in): zips with
 * honest central directories (deflate), a huge sheet, a page-tree loop, a long-GOP 4K video.
 */

/** A zip (deflate) of the entries; an entry's `claim` is the unpacked size its headers state (a lie). */
export function makeZip(entries: Array<{ name: string; data: Buffer; claim?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed = zlib.deflateRawSync(entry.data, { level: 9 });
    const crc = zlib.crc32(entry.data);
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.claim ?? entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.claim ?? entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const OOXML_TYPES = (main: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ContentType="${type}"/>${
    main.startsWith('xl')
      ? '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
      : ''
  }</Types>`;
const ROOT_RELS = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${main}"/></Relationships>`;

/**
 * A .docx whose document.xml unpacks to `mb` megabytes of one repeated paragraph; with `claim`, its
 * headers say it unpacks to that many bytes only.
 */
export function docxBomb(mb: number, claim?: number): Buffer {
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        OOXML_TYPES('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
      ),
    },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS('word/document.xml')) },
    { name: 'word/document.xml', data: Buffer.alloc(mb * 1024 * 1024, '<w:p><w:r><w:t>bomb</w:t></w:r></w:p>'), claim },
  ]);
}

/** An .xlsx with one sheet, the given sheet XML. */
function xlsx(sheet: Buffer): Buffer {
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        OOXML_TYPES('xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
      ),
    },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS('xl/workbook.xml')) },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ]);
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** An .xlsx whose sheet unpacks to about `mb` megabytes of one repeated cell (the 516 KB kind). */
export function xlsxBomb(mb: number): Buffer {
  const cells = Buffer.alloc(mb * 1024 * 1024, '<c t="inlineStr"><is><t>x</t></is></c>');
  return xlsx(Buffer.concat([Buffer.from(`${SHEET_HEAD}<row r="1">`), cells, Buffer.from(`</row>${SHEET_TAIL}`)]));
}

/** An honest .xlsx with `rows` rows of a title and a number (small when packed, but a lot to read). */
export function hugeSheet(rows: number): Buffer {
  const body: string[] = [SHEET_HEAD];
  for (let r = 1; r <= rows; r++) body.push(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>t${r}</t></is></c></row>`);
  body.push(SHEET_TAIL);
  return xlsx(Buffer.from(body.join('')));
}

/** A PDF whose page tree's Kids point back at the tree itself. */
export function pageTreeLoop(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 3 0 R] /Count 1 >>',
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(text.length);
    text += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/**
 * A long-GOP 4K video made with the bundled ffmpeg: one second of 4K at 30 fps with a single
 * keyframe, repeated by stream copy to `seconds` (a few MB that cost minutes of CPU to decode).
 */
export function longGop4k(seconds: number): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'bomb-video-'));
  const one = path.join(dir, 'one.mp4');
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=gray:s=3840x2160:r=30:d=1'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '100000', '-pix_fmt', 'yuv420p', one],
  ]);
  const list = path.join(dir, 'list.txt');
  writeFileSync(list, Array(seconds).fill(`file '${one}'`).join('\n'));
  const long = path.join(dir, 'long.mp4');
  execFileSync(ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-c',
    'copy',
    long,
  ]);
  return readFileSync(long);
}

/** A PNG chunk: length, type, data, CRC of type + data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG whose header declares `side` x `side` pixels (an 8-bit grey image of 0.9 gigapixels at
 * 30,000): one small IDAT of the first rows only, so the file is tiny and only a decoder would find
 * out. `padTo` adds an ancillary text chunk so the file passes byte minimums (spec 001 §5's 500 KB).
 */
export function pixelBombPng(side = 30_000, padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc(4 * (side + 1)));
  const chunks = [pngChunk('IHDR', ihdr)];
  if (padTo > 0) chunks.push(pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padTo, 'x')])));
  chunks.push(pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

/**
 * `mb` MB of zeros as a zlib stream of about 1 KB per MB: one sync-flushed deflate block of 1 MB of
 * zeros repeated (it refers back to zeros only, so every copy decodes the same), the final empty
 * block and the Adler-32 of the zeros (a = 1, b = length mod 65521). Built in milliseconds.
 */
export function zerosZlib(mb: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((mb * (1 << 20)) % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(mb).fill(block), Buffer.from([0x03, 0x00]), adler]);
}

/**
 * A one-page PDF whose content stream (FlateDecode) inflates to `mb` MB of zeros: the attack run's
 * 4.2 MB file that inflated to 4 GB is pdfBomb(4096).
 */
export function pdfBomb(mb: number, options: { hex?: boolean } = {}): Buffer {
  // With `hex`, the stream is also ASCIIHex-encoded (twice the bytes): no zlib header to be seen
  // before pdf.js decodes it, so only the parse process's memory limit stops it.
  const stream = options.hex ? Buffer.from(`${zerosZlib(mb).toString('hex')}>`) : zerosZlib(mb);
  const filter = options.hex ? '[/ASCIIHexDecode /FlateDecode]' : '/FlateDecode';
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter ${filter} >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const add = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(length);
    add(Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]));
  });
  const xref = length;
  const table = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  add(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/**
 * A Matroska video of `seconds` of 64x64 grey at 60 fps whose container claims `claimSeconds` (the
 * Segment's Duration element, a double in milliseconds, rewritten): the attack run's WebM whose
 * header said 1 s, small enough to decode quickly in a test.
 */
export function lyingMkv(seconds: number, claimSeconds: number): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bomb-mkv-')), 'v.mkv');
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=gray:s=64x64:r=60:d=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  const data = readFileSync(file);
  const at = data.indexOf(Buffer.from([0x44, 0x89, 0x88])); // Duration, 8 bytes
  if (at < 0) throw new Error('no Duration element');
  data.writeDoubleBE(claimSeconds * 1000, at + 3);
  return data;
}
