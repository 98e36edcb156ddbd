import sharp from 'sharp';

/** Real encoded images for upload tests (content checks need genuine magic bytes). */
export async function testImage(format: 'png' | 'jpeg' | 'webp' | 'gif', size = 8): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 35, g: 82, b: 216 } } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart body with one file field, as a browser's FormData would send it. */
export function multipart(data: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
