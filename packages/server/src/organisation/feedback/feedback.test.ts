import { ERRORS } from '@productimage/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operatorOf } from '../../identity/operators/test-operators.test-support.ts';
import { multipart, testImage } from '../../studio/uploads/test-images.test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';

describeSqlite('POST /api/feedback', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const uploadAs = async (auth: Record<string, string>, format: 'png' | 'jpeg' | 'webp') => {
    const body = multipart(await testImage(format), `a.${format}`, `image/${format}`);
    const res = await h.call({
      method: 'POST',
      url: '/api/upload',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.status).toBe(200);
    return res.data[0] as string;
  };
  const feedback = (auth: Record<string, string>, payload: unknown, lang = 'en') =>
    h.call({ method: 'POST', url: '/api/feedback', headers: { ...auth, 'accept-language': lang }, payload: payload as object });

  it('stores feedback with the user own png or jpeg upload, visible to the tenant operators', async () => {
    const user = await h.user({ tenantId: 'kos' });
    const png = await uploadAs(user.auth, 'png');
    const res = await feedback(user.auth, { title: 'Cutout edge', content: 'Hair looks jagged', attachments: [{ url: png }] });
    expect(res.status).toBe(200);
    expect(res.data.id).toEqual(expect.any(String));
    const jpeg = await uploadAs(user.auth, 'jpeg');
    expect((await feedback(user.auth, { title: 't', content: 'c', attachments: [{ url: jpeg }] })).status).toBe(200);
    expect((await feedback(user.auth, { title: 'no image', content: 'c' })).status).toBe(200);

    const op = await operatorOf(h, 'kos');
    const listed = await h.call({ method: 'GET', url: '/api/operator/feedback', headers: op.auth });
    expect(listed.data.total).toBe(3);
    expect(listed.data.list[2]).toMatchObject({
      title: 'Cutout edge',
      content: 'Hair looks jagged',
      userId: user.id,
      attachments: [{ url: png }],
    });
    const otherOp = await operatorOf(h, 'default');
    expect((await h.call({ method: 'GET', url: '/api/operator/feedback', headers: otherOp.auth })).data.total).toBe(0);
  });

  it("refuses attachments that are not the user's own png or jpeg upload", async () => {
    const user = await h.user();
    const someoneElse = await h.user();
    const theirs = await uploadAs(someoneElse.auth, 'png');
    const webp = await uploadAs(user.auth, 'webp');
    for (const url of [
      theirs,
      webp,
      'https://evil.example/x.png',
      '/files/uploads/2026/01/01/0000.png',
      '/files/../etc/passwd',
    ]) {
      const res = await feedback(user.auth, { title: 't', content: 'c', attachments: [{ url }] });
      expect(res.status, url).toBe(400);
      expect(res.code).toBe(ERRORS.feedbackImageInvalid.code);
      expect(res.msg).toBe('Please upload an image within 20M');
    }
    const two = await uploadAs(user.auth, 'png');
    expect((await feedback(user.auth, { title: 't', content: 'c', attachments: [{ url: two }, { url: two }] })).status).toBe(400);
  });

  it('needs a title and content, and a login', async () => {
    const user = await h.user();
    const noTitle = await feedback(user.auth, { title: ' ', content: 'c' }, 'zh');
    expect(noTitle.status).toBe(400);
    expect(noTitle.msg).toBe('请输入标题');
    const noContent = await feedback(user.auth, { title: 't' });
    expect(noContent.msg).toBe('Please enter the content');
    expect((await feedback({}, { title: 't', content: 'c' })).status).toBe(401);
  });
});
