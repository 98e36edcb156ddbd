import { isTerminalStatus } from '@productimage/core';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createContext } from '../../app/context.ts';
import { activatePackageIn } from '../../commerce/membership/subscriptions.ts';
import type { Engine } from '../../engines/types.ts';
import type { AppContext } from '../../platform/context.ts';
import { dialectOf } from '../../platform/db/dialect.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { type Harness, schemaLock } from '../../test-support/harness.ts';
import { multipart } from '../uploads/test-images.test-support.ts';

/** Shared steps of the task tests. */

export async function upload(
  h: Harness,
  auth: { authorization: string },
  data: Buffer,
  contentType = 'image/png',
): Promise<string> {
  const ext = contentType.split('/')[1];
  const body = multipart(data, `photo.${ext}`, contentType);
  const res = await h.call({ method: 'POST', url: '/api/upload', headers: { ...auth, ...body.headers }, payload: body.payload });
  if (res.code !== 0) throw new Error(`upload failed: ${res.raw}`);
  return res.data[0];
}

/** Polls the task until `done` says so (the test's own timeout bounds it). */
export async function waitForTask(
  h: Harness,
  auth: { authorization: string },
  taskId: string,
  done = (t: any) => isTerminalStatus(t.status),
) {
  for (;;) {
    const res = await h.call({ method: 'GET', url: `/api/tasks/${taskId}`, headers: { ...auth, 'accept-language': 'en' } });
    if (res.code !== 0) throw new Error(res.raw);
    if (done(res.data)) return res.data;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function ledgerOf(ctx: AppContext, taskId: string) {
  return ctx.db
    .selectFrom('point_ledger')
    .select(['reason', 'delta'])
    .where('ref_type', '=', 'task')
    .where('ref_id', '=', taskId)
    .orderBy('id')
    .execute();
}

export async function balance(h: Harness, auth: { authorization: string }): Promise<number> {
  const res = await h.call({ method: 'GET', url: '/api/user/current', headers: auth });
  return res.data.benefitPackage.remainBeanCount;
}

/** Makes the user a paid (professional) member. */
export async function makePaid(ctx: AppContext, userId: string) {
  await writeTransaction(ctx.db, (trx) =>
    activatePackageIn(trx, {
      userId,
      tier: 'professional',
      months: 1,
      monthlyPoints: 15000,
      valueCents: 0,
      productId: null,
      orderNo: null,
      upgrade: true,
    }),
  );
}

/** A second context on the harness's database: another process, as far as tasks can tell. */
export async function secondContext(h: Harness, env: Partial<AppContext['config']> = {}): Promise<AppContext> {
  let pgSchema: string | undefined;
  if (dialectOf(h.ctx.db) === 'postgres') {
    const row = await sql<{ s: string }>`select current_schema() as s`.execute(h.ctx.db);
    pgSchema = row.rows[0]?.s;
  }
  const open = () => createContext({ ...h.ctx.config, ...env }, h.app.log, { pgSchema });
  // Its migrations list the whole catalog: under the lock a schema's drop takes, or another file's
  // drop meanwhile fails them ('schema "t_..." does not exist', tasks.test.ts in CI, session 17).
  return pgSchema ? schemaLock(open) : open();
}

/** A noisy picture of the given size (noise keeps PNGs large, like photos). */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let s = 7;
  for (let i = 0; i < raw.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    raw[i] = s >> 23;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Holds the context's local engine at the start of its next jobs until `release()` (or until the job
 * is aborted), so a test can act while a task is surely `generating` instead of racing the engine.
 * The engine itself stays real: released jobs run it unchanged.
 */
export function holdEngine(ctx: AppContext) {
  const engine = ctx.tasks.engines.byName('local') as Engine;
  const original = engine.run.bind(engine);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let entered!: () => void;
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  engine.run = async (job) => {
    entered();
    await new Promise<void>((resolve, reject) => {
      const abort = () => reject(job.signal.reason instanceof Error ? job.signal.reason : new Error('aborted'));
      if (job.signal.aborted) return abort();
      job.signal.addEventListener('abort', abort, { once: true });
      void gate.then(resolve);
    });
    return original(job);
  };
  return {
    /** Resolves once a job has reached the engine. */
    started,
    release() {
      engine.run = original;
      open();
    },
  };
}
