import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A TEST DOUBLE of an OpenAI-compatible images API, for contract tests only. It follows the
 * documented API (platform.openai.com "Images", and the `openai` package's types):
 * `POST {base}/images/generations` (JSON: model, prompt, n, size, response_format) and
 * `POST {base}/images/edits` (multipart: image or image[], optional mask, prompt, model, n, size)
 * answer `{ created, data: [{ b64_json } | { url }] }`; errors are `{ error: { message, type, code } }`
 * with the HTTP status.
 */
export interface FakeImagesOptions {
  /** How pictures come back (gpt-image models answer b64_json, dall-e defaults to url). */
  answer?: 'b64_json' | 'url';
  /** Status of the first `times` requests. */
  fail?: { status: number; times: number };
  /** Milliseconds before answering (a slow model). */
  delayMs?: number;
}

export interface FakeImagesApi {
  /** Base URL including /v1, as IMAGE_API_BASE_URL. */
  url: string;
  requests: Array<{ path: string; fields: Record<string, string>; files: Record<string, number>; authorization?: string }>;
  close(): Promise<void>;
}

export async function startFakeImagesApi(options: FakeImagesOptions = {}): Promise<FakeImagesApi> {
  let failures = options.fail?.times ?? 0;
  const requests: FakeImagesApi['requests'] = [];
  const pictures = new Map<string, Buffer>();
  let seq = 0;

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
      const picture = pictures.get(url.pathname);
      if (!picture) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(picture);
    }
    const fields: Record<string, string> = {};
    const files: Record<string, number> = {};
    if (req.method === 'POST' && url.pathname === '/v1/images/generations') {
      for (const [k, v] of Object.entries(JSON.parse(body.toString() || '{}') as Record<string, unknown>)) fields[k] = String(v);
    } else if (req.method === 'POST' && url.pathname === '/v1/images/edits') {
      const form = await new Request('http://fake/', { method: 'POST', headers: req.headers as HeadersInit, body }).formData();
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') fields[k] = v;
        else files[k] = (files[k] ?? 0) + 1;
      }
      if (!files.image && !files['image[]'])
        return json(400, { error: { message: 'image is required', type: 'invalid_request_error', code: null } });
    } else return json(404, { error: { message: 'not found', type: 'invalid_request_error', code: null } });
    requests.push({ path: url.pathname, fields, files, authorization: req.headers.authorization });
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if (failures > 0) {
      failures--;
      return json(options.fail?.status ?? 500, {
        error: { message: 'The server had an error', type: 'server_error', code: null },
      });
    }
    if (!fields.prompt) return json(400, { error: { message: 'prompt is required', type: 'invalid_request_error', code: null } });
    const n = Number(fields.n ?? 1);
    const [w, h] = (fields.size ?? '1024x1024').split('x').map((v) => Math.round(Number(v) / 16));
    const data = [];
    for (let i = 0; i < n; i++) {
      const png = await sharp({
        create: { width: w ?? 64, height: h ?? 64, channels: 3, background: { r: 30 * i, g: 90, b: 210 } },
      })
        .png()
        .toBuffer();
      if ((fields.response_format ?? options.answer ?? 'b64_json') === 'url') {
        const path = `/files/${++seq}.png`;
        pictures.set(path, png);
        data.push({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}` });
      } else data.push({ b64_json: png.toString('base64') });
    }
    json(200, { created: Math.floor(Date.now() / 1000), data });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
