import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client.ts';
import { memoryStore } from './test-store.ts';

/** The typed half of the client against a server that records what it received. */
let seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string } = { headers: {}, body: '' };
let server: http.Server;
let baseUrl: string;

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
      if (req.url?.startsWith('/api/orders/PI123/cancel'))
        return json(200, { code: 0, data: { orderNo: 'PI123', status: 4 }, msg: '' });
      if (req.url?.startsWith('/api/auth/login')) return json(400, { code: 2001, data: null, msg: 'Wrong username or password' });
      if (req.url?.startsWith('/api/user/current')) return json(401, { code: 1001, data: null, msg: 'Please log in first' });
      json(200, { code: 0, data: { list: [], total: 0 }, msg: '' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('typed API calls (generated from the OpenAPI document)', () => {
  it('fill path and query parameters, send the token and language, and answer the envelope data', async () => {
    const storage = memoryStore({ USER_TOKEN: JSON.stringify({ token_type: 'bearer', access_token: 'tok-9' }) });
    const api = createApiClient({ baseUrl, storage, getLanguage: () => 'zh' });
    expect(await api.GET('/api/orders', { params: { query: { pageNum: 2, pageSize: 5 } } })).toEqual({ list: [], total: 0 });
    expect(seen.url).toBe('/api/orders?pageNum=2&pageSize=5');
    expect(seen.headers.authorization).toBe('Bearer tok-9');
    expect(seen.headers['accept-language']).toBe('zh');
    const order = await api.POST('/api/orders/{orderNo}/cancel', { params: { path: { orderNo: 'PI123' } } });
    expect(order.orderNo).toBe('PI123');
    expect(seen.method).toBe('POST');
  });

  it('send JSON bodies, and form bodies when asked', async () => {
    const api = createApiClient({ baseUrl });
    await api.POST('/api/orders', { body: { productId: 'basic-monthly' } });
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ productId: 'basic-monthly' });
    const error = await api
      .POST('/api/auth/login', {
        body: { loginType: '', username: 'a@b.cn', password: 'x' },
        bodySerializer: (fields: Record<string, string>) => new URLSearchParams(fields).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      .catch((err: unknown) => err);
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen.body).toBe('loginType=&username=a%40b.cn&password=x');
    // Failures throw the same ApiError as the untyped calls, with the server's code and message.
    expect(error).toBeInstanceOf(ApiError);
    expect({ code: (error as ApiError).code, message: (error as ApiError).message, status: (error as ApiError).status }).toEqual({
      code: 2001,
      message: 'Wrong username or password',
      status: 400,
    });
  });

  it('report a 401 to onUnauthorized', async () => {
    const seen401: ApiError[] = [];
    const api = createApiClient({ baseUrl, onUnauthorized: (e) => seen401.push(e) });
    await expect(api.GET('/api/user/current')).rejects.toBeInstanceOf(ApiError);
    expect(seen401.map((e) => e.status)).toEqual([401]);
  });
});
