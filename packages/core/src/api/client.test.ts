import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR, createApiClient } from './client.ts';
import { memoryStore } from './test-store.ts';

/** What the test server saw of the last request. */
let seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string } = { headers: {}, body: '' };
let server: http.Server;
let baseUrl: string;
const hanging: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      const json = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      const path = req.url?.split('?')[0];
      if (path === '/api/ok') return json(200, { code: 0, data: { hello: 'world' }, msg: '' });
      if (path === '/api/fail') return json(400, { code: 2001, data: { field: 'password' }, msg: 'Wrong username or password' });
      if (path === '/api/soft-fail')
        return json(200, { code: 2004, data: null, msg: 'Please enter the correct verification code' });
      if (path === '/api/unauthorized') return json(401, { code: 1001, data: null, msg: 'Please log in first' });
      if (path === '/api/html') return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>bad gateway</html>');
      if (path === '/api/hang') return hanging.push(res);
      if (path === '/api/file')
        return res
          .writeHead(200, { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="post-7.zip"' })
          .end('PK-bytes');
      if (path === '/api/slow-file') {
        res.writeHead(200, { 'content-type': 'application/zip' }).write('PK');
        return hanging.push(res);
      }
      json(404, { code: 1004, data: null, msg: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The rejection of a promise, which must reject. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('API client', () => {
  it('answers the envelope data and sends the stored token and the language', async () => {
    const storage = memoryStore({ USER_TOKEN: JSON.stringify({ token_type: 'bearer', access_token: 'tok-1' }) });
    const api = createApiClient({ baseUrl, storage, getLanguage: () => 'en' });
    expect(await api.get('/api/ok', { pageNum: 1, skip: undefined, none: null, flag: false })).toEqual({ hello: 'world' });
    expect(seen.url).toBe('/api/ok?pageNum=1&flag=false');
    expect(seen.headers.authorization).toBe('Bearer tok-1');
    expect(seen.headers['accept-language']).toBe('en');
  });

  it('sends no authorization when logged out', async () => {
    await createApiClient({ baseUrl, storage: memoryStore() }).get('/api/ok');
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('posts JSON and forms', async () => {
    const api = createApiClient({ baseUrl });
    await api.post('/api/ok', { mobileId: '13800138000' });
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ mobileId: '13800138000' });
    await api.postForm('/api/ok', { loginType: 'sms_code', verifyCode: '123456' });
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen.body).toBe('loginType=sms_code&verifyCode=123456');
  });

  it('turns a failure envelope into an ApiError with the server code, message and data', async () => {
    const api = createApiClient({ baseUrl });
    const error = await failure(api.post('/api/fail', {}));
    expect({ code: error.code, message: error.message, status: error.status, data: error.data }).toEqual({
      code: 2001,
      message: 'Wrong username or password',
      status: 400,
      data: { field: 'password' },
    });
    // A non-zero code fails even with HTTP 200.
    expect((await failure(api.get('/api/soft-fail'))).code).toBe(2004);
  });

  it('calls onUnauthorized on a 401 only', async () => {
    const seen401: ApiError[] = [];
    const api = createApiClient({ baseUrl, onUnauthorized: (e) => seen401.push(e) });
    await failure(api.get('/api/fail'));
    expect(seen401).toHaveLength(0);
    const error = await failure(api.get('/api/unauthorized'));
    expect(error.status).toBe(401);
    expect(seen401).toEqual([error]);
  });

  it('reports a timeout when the server does not answer in time', async () => {
    const api = createApiClient({ baseUrl, timeoutMs: 30_000 });
    const error = await failure(api.get('/api/hang', undefined, { timeoutMs: 50 }));
    expect(error.code).toBe(CLIENT_ERROR.timeout);
    expect(error.status).toBe(0);
  });

  it('reports a network failure, and a caller abort is not a timeout', async () => {
    const closed = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
    expect((await failure(closed.get('/api/ok'))).code).toBe(CLIENT_ERROR.network);
    const controller = new AbortController();
    const pending = createApiClient({ baseUrl }).get('/api/hang', undefined, { signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).code).toBe(CLIENT_ERROR.network);
  });

  it('reports an answer that is not JSON', async () => {
    const error = await failure(createApiClient({ baseUrl }).get('/api/html'));
    expect(error.code).toBe(CLIENT_ERROR.badResponse);
    expect(error.status).toBe(502);
  });

  it('builds URLs under the base and fetches raw answers with the token', async () => {
    const storage = memoryStore({ USER_TOKEN: JSON.stringify({ token_type: 'bearer', access_token: 'tok-2' }) });
    const api = createApiClient({ baseUrl, storage });
    expect(api.url('/api/auth/captcha', { mobileId: 'a@b.cn' })).toBe(
      `${baseUrl.replace(/\/$/, '')}/api/auth/captcha?mobileId=a%40b.cn`,
    );
    const res = await api.raw('/api/ok');
    expect(res.status).toBe(200);
    expect(seen.headers.authorization).toBe('Bearer tok-2');
  });

  it('downloads a file with its name, the token and the language; a refusal says why', async () => {
    const storage = memoryStore({ USER_TOKEN: JSON.stringify({ token_type: 'bearer', access_token: 'tok-3' }) });
    const seen401: ApiError[] = [];
    const api = createApiClient({ baseUrl, storage, getLanguage: () => 'en', onUnauthorized: (e) => seen401.push(e) });
    const file = await api.download('/api/file', { preset: 'a' });
    expect({ name: file.name, text: await file.blob.text() }).toEqual({ name: 'post-7.zip', text: 'PK-bytes' });
    expect(seen.url).toBe('/api/file?preset=a');
    expect(seen.headers.authorization).toBe('Bearer tok-3');
    expect(seen.headers['accept-language']).toBe('en');
    const refused = await failure(api.download('/api/fail'));
    expect({ code: refused.code, message: refused.message, status: refused.status }).toEqual({
      code: 2001,
      message: 'Wrong username or password',
      status: 400,
    });
    expect((await failure(api.download('/api/unauthorized'))).status).toBe(401);
    expect(seen401).toHaveLength(1);
  });

  it('reports a time-out while a file is still arriving', async () => {
    const error = await failure(createApiClient({ baseUrl }).download('/api/slow-file', undefined, { timeoutMs: 100 }));
    expect(error.code).toBe(CLIENT_ERROR.timeout);
  });
});
