import { ERRORS, UPLOAD_MAX_BYTES } from '@productimage/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeSqlite, type Harness, insideOneWindow } from '../../test-support/harness.ts';
import { multipart, testImage } from './test-images.test-support.ts';

describeSqlite('POST /api/upload', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const upload = async (auth: Record<string, string>, data: Buffer, name = 'a.png', type = 'image/png', field = 'file') => {
    const body = multipart(data, name, type, field);
    return h.call({ method: 'POST', url: '/api/upload', headers: { ...auth, ...body.headers }, payload: body.payload });
  };

  it('stores png, jpeg, webp and gif images and serves them back by URL with their content type', async () => {
    const user = await h.user();
    for (const [format, mime] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      const image = await testImage(format);
      // The declared name and type do not matter: the content decides.
      const res = await upload(user.auth, image, 'whatever.bin', 'application/octet-stream');
      expect(res.status, format).toBe(200);
      expect(res.data).toHaveLength(1);
      const url: string = res.data[0];
      expect(url).toMatch(
        new RegExp(
          `^/files/uploads/\\d{4}/\\d{2}/\\d{2}/[0-9a-f]{32}\\.(${format === 'jpeg' ? 'jpg' : format})\\?e=\\d+&s=[\\w-]+$`,
        ),
      );
      const file = await h.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.rawPayload.equals(image)).toBe(true);
    }
  });

  it('refuses a .png name whose content is not an image', async () => {
    const user = await h.user();
    const res = await upload(user.auth, Buffer.from('<svg onload="alert(1)"></svg> not a png'), 'evil.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.code).toBe(ERRORS.uploadTypeInvalid.code);
    expect(res.msg).toBeTruthy();
    const pdf = await upload(user.auth, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'doc.png', 'image/png');
    expect(pdf.code).toBe(ERRORS.uploadTypeInvalid.code);
  });

  it('refuses files above 20 MB', async () => {
    const user = await h.user();
    const big = Buffer.concat([await testImage('png'), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const res = await upload(user.auth, big);
    expect(res.status).toBe(413);
    expect(res.code).toBe(ERRORS.uploadTooLarge.code);
    expect(res.msg).toContain('20MB');
  });

  it('needs a login, a multipart body and the field "file"', async () => {
    const anonymous = await upload({}, await testImage('png'));
    expect(anonymous.status).toBe(401);
    const user = await h.user();
    const json = await h.call({ method: 'POST', url: '/api/upload', headers: user.auth, payload: { file: 'x' } });
    expect(json.status).toBe(400);
    const wrongField = await upload(user.auth, await testImage('png'), 'a.png', 'image/png', 'image');
    expect(wrongField.status).toBe(400);
  });

  it('rate-limits uploads per user', async () => {
    const user = await h.user();
    const image = await testImage('png');
    const statuses: number[] = [];
    // The limit is per fixed minute: all 31 uploads fall inside one.
    await insideOneWindow(60, async () => {
      for (let i = 0; i < 31; i++) statuses.push((await upload(user.auth, image)).status);
    });
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another user is not affected.
    expect((await upload((await h.user()).auth, image)).status).toBe(200);
  });
});
