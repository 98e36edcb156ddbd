import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { createContext } from './context.ts';

describe('the context’s close', () => {
  it('names the close hook it waits on, so a shutdown that takes too long says what held it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-ctx-'));
    const ctx = await createContext(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }), pino({ level: 'silent' }));
    let release = () => {};
    ctx.onClose(() => new Promise<void>((resolve) => (release = resolve)));
    const closed = ctx.close();
    await new Promise((resolve) => setImmediate(resolve));
    // The hook registered on the line above, by its file.
    expect(ctx.closing).toContain('context.test.ts');
    release();
    await closed;
    expect(ctx.closing).toBeUndefined();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
