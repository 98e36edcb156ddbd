import type { FastifyReply } from 'fastify';
import type { Db } from '../db/index.ts';
import { enforce } from '../http/rate-limit.ts';
import { SANDBOX_LIMITS } from './limits.ts';

/**
 * Per-user quotas on expensive work (issue 26), so one account cannot starve the others: files
 * parsed, videos read, posters rendered, each [runs, window seconds] of SANDBOX_LIMITS, counted in
 * the shared rate-limit table (http/rate-limit.ts; 429 `tooManyRequests` over it). Counted before
 * the work and before anything is charged.
 */
export type QuotaKind = 'filesParsed' | 'videosRead' | 'postersRendered';

const QUOTAS: Record<QuotaKind, readonly [number, number]> = {
  filesParsed: SANDBOX_LIMITS.QUOTA_FILES_PARSED,
  videosRead: SANDBOX_LIMITS.QUOTA_VIDEOS_READ,
  postersRendered: SANDBOX_LIMITS.QUOTA_POSTERS_RENDERED,
};

export function useQuota(db: Db, userId: string, kind: QuotaKind): Promise<void> {
  return enforce(db, `quota:${kind}:${userId}`, ...QUOTAS[kind]);
}

/**
 * A signal that aborts when the client goes away before its answer is sent, so the work done for
 * it (a parse, an ffmpeg run) is stopped instead of running on for nobody.
 */
export function replySignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client went away'));
  });
  return controller.signal;
}
