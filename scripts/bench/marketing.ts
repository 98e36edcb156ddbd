import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app/app.ts';
import { startFakeLlm } from '../../packages/server/src/engines/openai-chat/fake-llm.test-support.ts';
import { createSession } from '../../packages/server/src/identity/accounts/sessions.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';

/**
 * Marketing text engine figures, against a local double of the OpenAI chat protocol:
 * 1. time to the first streamed token through our server (POST /api/content, then its event
 *    stream) against asking the model server directly, and the overhead between them;
 * 2. idea reports per minute (image + video ideas: 5 model calls each) with a model of fixed
 *    latency (FIRST_TOKEN_MS before the first chunk), REPORTS at once.
 */
const ROUNDS = Number(process.env.MKT_BENCH_ROUNDS ?? 20);
const FIRST_TOKEN_MS = Number(process.env.MKT_BENCH_LATENCY_MS ?? 200);
const REPORTS = Number(process.env.MKT_BENCH_REPORTS ?? 20);

const respond = (body: Record<string, unknown>) =>
  body.response_format
    ? JSON.stringify({ ideas: [1, 2, 3].map((n) => ({ title: `创意${n}`, content: `内容${n}` })) })
    : `标题：冬天的第一杯热水\n正文：\n${'一整天都是热水。'.repeat(20)}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function firstChunk(response: Response, match: (text: string) => boolean): Promise<void> {
  const reader = (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    .getReader();
  let seen = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended before the first token');
    seen += value;
    if (match(seen)) {
      await reader.cancel();
      return;
    }
  }
}

async function main() {
  const llm = await startFakeLlm({ respond, chunkDelayMs: 2 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-mkt-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LLM_BASE_URL: llm.url,
    LLM_MODEL: 'bench',
    HOTSPOT_FEED_URL: 'off',
    WEB_DIST: path.join(dataDir, 'none'),
  });
  const { app, ctx } = await buildApp(config, { logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    // 1. First token: directly from the model server, then through POST /api/content + its events.
    const direct: number[] = [];
    const through: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      let t0 = performance.now();
      const res = await fetch(`${llm.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: '内容生成' }] }),
      });
      await firstChunk(res, (s) => /"content":"[^"]/.test(s));
      direct.push(performance.now() - t0);

      // A new user per round: the 10-task limit and the rate limit are per user.
      const userId = await createUser(ctx.db, { phone: `138${String(10_000_000 + i).slice(-8)}` });
      const { accessToken } = await createSession(ctx.db, userId, 3600);
      const auth = { authorization: `Bearer ${accessToken}` };
      t0 = performance.now();
      const created = await fetch(`${origin}/api/content`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ platforms: ['douyin'], productInfo: '保温杯' }),
      });
      const { data } = (await created.json()) as { data: { contentId: string } };
      const events = await fetch(`${origin}/api/content/${data.contentId}/events`, { headers: auth });
      await firstChunk(events, (s) => s.includes('event: delta'));
      through.push(performance.now() - t0);
    }
    const d = median(direct);
    const s = median(through);
    console.log(
      `first streamed token, median of ${ROUNDS}: model directly ${d.toFixed(1)} ms, through our server ${s.toFixed(1)} ms, overhead ${(s - d).toFixed(1)} ms`,
    );

    // 2. Idea reports per minute with a fixed-latency model.
    const slow = await startFakeLlm({ respond, firstTokenMs: FIRST_TOKEN_MS, chunkDelayMs: 0, charsPerChunk: 50 });
    const config2 = loadConfig({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-mkt2-')),
      NODE_ENV: 'test',
      LLM_BASE_URL: slow.url,
      LLM_MODEL: 'bench',
      HOTSPOT_FEED_URL: 'off',
      WEB_DIST: path.join(dataDir, 'none'),
    });
    const second = await buildApp(config2, { logLevel: 'silent' });
    await second.app.ready();
    try {
      const users = [];
      for (let i = 0; i < REPORTS; i++) {
        const userId = await createUser(second.ctx.db, { phone: `137${String(10_000_000 + i).slice(-8)}` });
        users.push((await createSession(second.ctx.db, userId, 3600)).accessToken);
      }
      const started = performance.now();
      const ids = await Promise.all(
        users.map(async (token) => {
          const res = await second.app.inject({
            method: 'POST',
            url: '/api/ideas/reports',
            headers: { authorization: `Bearer ${token}` },
            payload: {
              prompt: '保温杯',
              socialType: ['image', 'video'],
              hotspotSourceType: 'CUSTOM_INSPIRATION',
              reportTitle: '冬日',
            },
          });
          return { token, id: (res.json() as { data: { reportId: string } }).data.reportId };
        }),
      );
      for (const { token, id } of ids) {
        for (;;) {
          const res = await second.app.inject({
            method: 'GET',
            url: `/api/ideas/reports/${id}`,
            headers: { authorization: `Bearer ${token}` },
          });
          const process = (res.json() as { data: { process: string } }).data.process;
          if (process !== 'generating') break;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      const minutes = (performance.now() - started) / 60_000;
      console.log(
        `idea reports (image + video, 5 model calls each, model latency ${FIRST_TOKEN_MS} ms): ${REPORTS} at once in ${(minutes * 60).toFixed(2)} s = ${(REPORTS / minutes).toFixed(0)} reports/min`,
      );
    } finally {
      await second.app.close();
      await slow.close();
      fs.rmSync(config2.dataDir, { recursive: true, force: true });
    }
  } finally {
    await app.close();
    await llm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
