import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A small HTTP server for the providers' protocol doubles (test support only). */
export interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface DoubleServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export type Reply =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { status: number; raw: Buffer; type: string };

export async function startDoubleServer(handle: (req: Recorded, url: URL) => Promise<Reply> | Reply): Promise<DoubleServer> {
  const requests: Recorded[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const url = new URL(req.url ?? '/', 'http://double');
    const recorded: Recorded = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body };
    requests.push(recorded);
    try {
      const reply = await handle(recorded, url);
      if ('raw' in reply) {
        res.writeHead(reply.status, { 'content-type': reply.type });
        res.end(reply.raw);
      } else {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
        res.end(JSON.stringify(reply.body));
      }
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(err) }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A plain picture a double answers when the test gives none. */
export function plainPicture(colour = '#5a7bd8', width = 96, height = 128): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** Decodes a data URL a provider was handed (the double reads the input like the provider would). */
export function dataUrlBytes(url: string): Buffer | null {
  const m = /^data:[^;,]*;base64,(.*)$/s.exec(url);
  return m ? Buffer.from(m[1] ?? '', 'base64') : null;
}
