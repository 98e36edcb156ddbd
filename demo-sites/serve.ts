import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The two demo hosts that embed the product: a partner shop (partner/) and a mini-program web-view
 * container (mini-program/). Plain HTML, no build; the product's origin is filled in where the pages
 * say %PRODUCT_ORIGIN%. `npm run demo` serves them on 8091 and 8092 next to the product on 8080:
 *
 *   DEMO_PARTNER_PORT (8091), DEMO_MINI_PROGRAM_PORT (8092), DEMO_PRODUCT_ORIGIN (http://localhost:8080),
 *   DEMO_HOST (127.0.0.1)
 *
 * The product must allow these origins: the seeded referrers `partner-demo` and `miniprogram` list
 * http://localhost:8091 / :8092 and their 127.0.0.1 forms; other ports go in EMBED_ALLOWED_ORIGINS.
 */

const SITES = { partner: path.join(import.meta.dirname, 'partner'), miniProgram: path.join(import.meta.dirname, 'mini-program') };
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

export interface DemoOptions {
  /** 0 picks a free port. */
  partnerPort?: number;
  miniProgramPort?: number;
  host?: string;
  productOrigin?: string;
}

export interface DemoSites {
  partner: string;
  miniProgram: string;
  /** Both origins, for the product's EMBED_ALLOWED_ORIGINS. */
  origins: string[];
  /** Points the pages at another product origin (tests start the product after the demo). */
  setProductOrigin(origin: string): void;
  close(): Promise<void>;
}

function serveDir(root: string, productOrigin: () => string): http.Server {
  return http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://demo.invalid');
    const relative = path.normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '') || 'index.html';
    const file = path.join(root, relative.endsWith('/') ? `${relative}index.html` : relative);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const ext = path.extname(file);
    let body: Buffer | string = fs.readFileSync(file);
    if (ext === '.html') body = body.toString('utf8').replaceAll('%PRODUCT_ORIGIN%', productOrigin());
    response.writeHead(200, { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' }).end(body);
  });
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts both demo hosts; resolves with their URLs once they listen. */
export async function startDemoSites(options: DemoOptions = {}): Promise<DemoSites> {
  const host = options.host ?? '127.0.0.1';
  let productOrigin = (options.productOrigin ?? 'http://localhost:8080').replace(/\/+$/, '');
  const partner = serveDir(SITES.partner, () => productOrigin);
  const miniProgram = serveDir(SITES.miniProgram, () => productOrigin);
  const partnerPort = await listen(partner, options.partnerPort ?? 8091, host);
  const miniProgramPort = await listen(miniProgram, options.miniProgramPort ?? 8092, host);
  const hostName = host === '0.0.0.0' ? '127.0.0.1' : host;
  const sites = { partner: `http://${hostName}:${partnerPort}`, miniProgram: `http://${hostName}:${miniProgramPort}` };
  return {
    ...sites,
    origins: [sites.partner, sites.miniProgram],
    setProductOrigin: (origin) => {
      productOrigin = origin.replace(/\/+$/, '');
    },
    close: () =>
      Promise.all([partner, miniProgram].map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(
        () => undefined,
      ),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const port = (value: string | undefined, fallback: number) => (value === undefined || value === '' ? fallback : Number(value));
  const sites = await startDemoSites({
    partnerPort: port(process.env.DEMO_PARTNER_PORT, 8091),
    miniProgramPort: port(process.env.DEMO_MINI_PROGRAM_PORT, 8092),
    host: process.env.DEMO_HOST,
    productOrigin: process.env.DEMO_PRODUCT_ORIGIN,
  });
  console.log(`Partner shop:       ${sites.partner}/`);
  console.log(`Mini-program host:  ${sites.miniProgram}/`);
  console.log(`Product:            ${process.env.DEMO_PRODUCT_ORIGIN ?? 'http://localhost:8080'} (start it with npm start)`);
  console.log(`DEMO LISTENING ${new URL(sites.partner).port} ${new URL(sites.miniProgram).port}`);
}
