import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';

const DIR = path.join(import.meta.dirname, 'feishu-host');

export interface FeishuHost {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves the Base host double (feishu-host/: a page that frames an extension and answers the
 * SDK's postMessage protocol) on its own origin, as Feishu's page is on its own origin.
 */
export async function startFeishuHost(): Promise<FeishuHost> {
  const server = http.createServer((req, res) => {
    const asked = (req.url ?? '/').split('?')[0]?.slice(1) ?? '';
    const name = ['host.js', 'block.js'].includes(asked) ? asked : 'index.html';
    res.writeHead(200, { 'Content-Type': name.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' });
    res.end(fs.readFileSync(path.join(DIR, name)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface SeedTable {
  id: string;
  name: string;
  fields?: Array<{ id: string; name: string; type: number; isPrimary?: boolean; property?: unknown }>;
  records?: Array<{ recordId: string; fields: Record<string, unknown> }>;
}
export interface Seed {
  host?: { baseUserId?: string; tenantKey?: string; language?: string; theme?: 'LIGHT' | 'DARK' };
  tables?: SeedTable[];
  tableId?: string;
  /** Frame the extension without answering it (a page that is not a Base). */
  silent?: boolean;
  /** Frame it as a Bitable block (the Pack SDK's protocol, feishu-host/block.js) instead of an extension. */
  via?: 'extension' | 'block';
  /** Block host methods (e.g. 'WidgetTable.getCellAttachmentUrls') this host has no handler for. */
  unsupported?: string[];
  /** The host answers at most this many records a page (a small table then takes several pages). */
  pageLimit?: number;
}

/** Opens the host page, seeds its Base and frames the extension; answers the extension's frame. */
export async function openInHost(page: Page, host: FeishuHost, extensionUrl: string, seed: Seed = {}): Promise<Frame> {
  await page.goto(`${host.origin}/`);
  await page.waitForFunction(() => 'host' in window);
  await page.evaluate(([url, s]) => (window as any).host.start(url, s), [extensionUrl, seed] as const);
  const handle = await page.waitForSelector('#extension');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no extension frame');
  return frame;
}

/** The host's copy of a table (fields and records as the extension wrote them). */
export const hostTable = (page: Page, tableId: string) =>
  page.evaluate((id) => (window as any).host.table(id), tableId) as Promise<Required<SeedTable>>;
