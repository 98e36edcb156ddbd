import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { AppContext } from '../../../platform/context.ts';

/**
 * The hot-list feed's base URL. HOTSPOT_FEED_URL wins; `off` means none (imports only). Unset: the
 * embedded DailyHotApi from its npm package, started beside the product on a loopback port the first
 * time a hot list is asked for, and stopped with the server. On a machine without internet it
 * answers errors, which the page shows as "source unreachable" with the import offer.
 */
let embedded: { url: Promise<string | null>; child: ChildProcess | null } | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startEmbedded(ctx: AppContext): Promise<string | null> {
  const state: { url: Promise<string | null>; child: ChildProcess | null } = { url: Promise.resolve(null), child: null };
  state.url = (async () => {
    try {
      const port = await freePort();
      const child = spawn(process.execPath, [path.join(import.meta.dirname, 'dailyhot-child.mjs'), String(port)], {
        cwd: ctx.config.dataDir,
        env: { ...process.env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      state.child = child;
      ctx.onClose(() => {
        child.kill();
      });
      const ready = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 15_000);
        child.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('listening')) {
            clearTimeout(timer);
            resolve(true);
          }
        });
        child.stdout?.resume();
        child.stderr?.resume();
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(false);
        });
      });
      if (!ready) {
        ctx.log.warn('the embedded DailyHotApi feed did not start; hot lists need HOTSPOT_FEED_URL or imports');
        child.kill();
        return null;
      }
      return `http://127.0.0.1:${port}`;
    } catch (err) {
      ctx.log.warn({ err }, 'the embedded DailyHotApi feed could not be started');
      return null;
    }
  })();
  embedded = state;
  return state.url;
}

export async function feedBaseUrl(ctx: AppContext): Promise<string | null> {
  const setting = ctx.config.HOTSPOT_FEED_URL?.trim();
  if (setting === 'off') return null;
  if (setting) return setting.replace(/\/+$/, '');
  return embedded ? embedded.url : startEmbedded(ctx);
}
