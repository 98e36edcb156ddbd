/// <reference path="../../../../../tests/support/s3rver.d.ts" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhoto } from '../../engines/local/test-fixtures.test-support.ts';
import { operatorOf } from '../../identity/operators/test-operators.test-support.ts';
import { upload, waitForTask } from '../../studio/tasks/test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { quickLocalEngine } from '../../test-support/quick-engine.ts';
import { fileSigner } from './file-urls.ts';
import { fileSignature, signatureQuery } from './signed-urls.ts';

const SIGNED = /^\/files\/[^?]+\?e=\d+&s=[\w-]+$/;
const en = { 'accept-language': 'en' };

/** The URL without its query (what an old client or a leaked database value would hold). */
const unsigned = (url: string) => url.split('?')[0]!;

describeSqlite('signed, expiring file URLs', (kind) => {
  let h: Harness;
  let photo: Buffer;
  beforeAll(async () => {
    h = await createHarness(kind);
    // These tests are about the files' URLs: a task's outputs, not a real cutout (test-support/quick-engine.ts).
    quickLocalEngine(h.ctx);
    photo = await productPhoto();
  });
  afterAll(() => h.close());

  const get = (url: string) => h.app.inject({ method: 'GET', url });

  async function cutout(auth: { authorization: string }) {
    const input = await upload(h, auth, photo);
    const created = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...auth, ...en },
      payload: { bizType: 'MATTING_IMAGE', params: {}, inputs: [input] },
    });
    expect(created.code).toBe(0);
    return { input, task: await waitForTask(h, auth, created.data.taskId) };
  }

  it('serves a task output only through a fresh, untouched signature', async () => {
    const u = await h.user();
    const { input, task } = await cutout(u.auth);
    const url: string = task.outputs[0].url;
    expect(url).toMatch(SIGNED);
    expect(task.inputs).toEqual([input]);

    const ok = await get(url);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+/);

    // The database keeps the plain URL; the signature is made when the answer is sent.
    const row = await h.ctx.db
      .selectFrom('tasks')
      .select(['outputs', 'inputs'])
      .where('id', '=', task.taskId)
      .executeTakeFirstOrThrow();
    expect(row.outputs).not.toContain('?e=');
    expect(row.inputs).not.toContain('?e=');

    const key = unsigned(url).slice('/files/'.length);
    const { e, s } = Object.fromEntries(new URL(url, 'http://x').searchParams) as { e: string; s: string };
    const flipped = `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      unsigned(url),
      `${unsigned(url)}?e=${e}`,
      `${unsigned(url)}?e=${e}&s=${flipped}`,
      `${unsigned(url)}?e=${Number(e) + 3600}&s=${s}`,
      // Another file's valid signature does not open this one.
      `${unsigned(url)}?${signatureQuery(fileSigner(h.ctx), 'uploads/2026/01/01/other.png')}`,
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.rawPayload.subarray(1, 4).toString()).not.toBe('PNG');
    }

    // Signed correctly but in the past: expired.
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await get(`${unsigned(url)}?e=${past}&s=${fileSignature(h.ctx.secret, key, past)}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toBe('link expired');

    // Two answers within the same period carry the same URL (browsers cache it).
    const again = await h.call({ method: 'GET', url: `/api/tasks/${task.taskId}`, headers: u.auth });
    expect(again.data.outputs[0].url).toBe(url);
  });

  it('signs the outputs of the task event stream', async () => {
    const u = await h.user();
    const { task } = await cutout(u.auth);
    const stream = await h.app.inject({ method: 'GET', url: `/api/tasks/${task.taskId}/events`, headers: u.auth });
    const events = [...stream.body.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map((m) => [m[1], JSON.parse(m[2]!)] as const);
    const snapshot = events.find(([event]) => event === 'task')?.[1];
    expect(snapshot.outputs[0].url).toMatch(SIGNED);
    expect((await get(snapshot.outputs[0].url)).statusCode).toBe(200);
  });

  it('makes the files of a deleted task, or of one past the history window, unreadable', async () => {
    const u = await h.user();
    const deleted = await cutout(u.auth);
    const deletedUrl: string = deleted.task.outputs[0].url;
    expect((await get(deletedUrl)).statusCode).toBe(200);
    expect((await h.call({ method: 'DELETE', url: `/api/tasks/${deleted.task.taskId}`, headers: u.auth })).status).toBe(200);
    expect((await get(deletedUrl)).statusCode).toBe(404);

    const old = await cutout(u.auth);
    const oldUrl: string = old.task.outputs[0].url;
    expect((await get(oldUrl)).statusCode).toBe(200);
    // A free member's history shows 7 days: the task ages out of it.
    await h.ctx.db
      .updateTable('tasks')
      .set({ created_at: Date.now() - 8 * 24 * 3600_000 })
      .where('id', '=', old.task.taskId)
      .execute();
    const history = await h.call({ method: 'GET', url: '/api/tasks?pageNum=1&pageSize=10', headers: u.auth });
    expect(history.data.list.map((t: { taskId: string }) => t.taskId)).not.toContain(old.task.taskId);
    const gone = await get(oldUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.rawPayload.subarray(1, 4).toString()).not.toBe('PNG');
  });

  it('signs upload answers, accepts them back with or without the signature, and drops files without a record', async () => {
    const u = await h.user();
    const url = await upload(h, u.auth, photo);
    expect(url).toMatch(SIGNED);
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(unsigned(url))).statusCode).toBe(403);

    // Feedback attachments: the signed URL and the plain one are both the user's own upload.
    for (const attachment of [url, unsigned(url)]) {
      const res = await h.call({
        method: 'POST',
        url: '/api/feedback',
        headers: u.auth,
        payload: { title: 'Edge', content: 'Hair looks jagged', attachments: [{ url: attachment }] },
      });
      expect(res.status, attachment).toBe(200);
    }
    const stored = await h.ctx.db.selectFrom('feedback').select('attachments').execute();
    expect(stored.map((r) => r.attachments).join()).not.toContain('?e=');

    // A stored file whose record is gone is not served, whatever the signature.
    await h.ctx.db.deleteFrom('uploads').where('key', '=', unsigned(url).slice('/files/'.length)).execute();
    expect((await get(url)).statusCode).toBe(404);
    const { url: stray } = await h.ctx.storage.put('outputs/2026/01/01/stray.png', photo, 'image/png');
    expect((await get(`${stray}?${signatureQuery(fileSigner(h.ctx), 'outputs/2026/01/01/stray.png')}`)).statusCode).toBe(404);
  });

  it('signs the images of inbox messages when the inbox is read', async () => {
    const op = await operatorOf(h);
    const user = await h.user();
    const image = unsigned(await upload(h, op.auth, photo));
    const sent = await h.call({
      method: 'POST',
      url: '/api/operator/inbox',
      headers: op.auth,
      payload: { title: 'New look', content: `<p>See <img src="${image}"></p>`, contentType: 'html', img: image },
    });
    expect(sent.status).toBe(200);
    const inbox = await h.call({ method: 'GET', url: '/api/inbox?pageNum=1&pageSize=10', headers: user.auth });
    const message = inbox.data.list[0];
    expect(message.msgImg).toMatch(SIGNED);
    const src = /<img src="([^"]+)"/.exec(message.msgContent)?.[1] ?? '';
    expect(src.replaceAll('&amp;', '&')).toMatch(SIGNED);
    expect((await get(src.replaceAll('&amp;', '&'))).statusCode).toBe(200);
  });
});

describe('S3 presigned file URLs (S3_PUBLIC_URLS=presigned)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-s3-signed-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'media' }] });
  let h: Harness;
  let endpoint: string;
  beforeAll(async () => {
    const address = (await s3.run()) as { port: number };
    endpoint = `http://127.0.0.1:${address.port}`;
    h = await createHarness('sqlite', {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'media',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_PUBLIC_URLS: 'presigned',
    });
    quickLocalEngine(h.ctx);
  });
  afterAll(async () => {
    await h.close();
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers presigned GET URLs that S3 honours until they expire, and takes them back as inputs', async () => {
    const photo = await productPhoto();
    const u = await h.user();
    const url = await upload(h, u.auth, photo);
    expect(url.startsWith(`${endpoint}/media/uploads/`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toMatch(/^\d+$/);
    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(photo)).toBe(true);

    // A SigV4 query-signed GET for the host only, valid at least FILE_URL_TTL_MINUTES. (s3rver checks
    // the expiry of such URLs but, unlike S3, not their signature, so tampering is not tested here.)
    const query = new URL(url).searchParams;
    expect(query.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(query.get('X-Amz-SignedHeaders')).toBe('host');
    const expiresAt =
      Date.parse(query.get('X-Amz-Date')!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')) +
      Number(query.get('X-Amz-Expires')) * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(Date.now() + h.ctx.config.FILE_URL_TTL_MINUTES * 60_000 - 5000);
    const key = h.ctx.storage.keyFromUrl(url)!;
    const expired = await h.ctx.storage.presignedUrl!(key, { signingDate: new Date(Date.now() - 3600_000), expiresIn: 60 });
    expect((await fetch(expired)).status).toBe(403);

    // The client sends the presigned URL back as a task input: it is still the user's own upload.
    const created = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...u.auth, ...en },
      payload: { bizType: 'MATTING_IMAGE', params: {}, inputs: [url] },
    });
    expect(created.code).toBe(0);
    const task = await h.call({ method: 'GET', url: `/api/tasks/${created.data.taskId}`, headers: u.auth });
    expect(task.data.inputs).toEqual([url]);
  });
});
