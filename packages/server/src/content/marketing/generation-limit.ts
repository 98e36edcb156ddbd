import type { AppContext } from '../../platform/context.ts';
import { enforce } from '../../platform/http/rate-limit.ts';

/** Text generations per user per minute: reports, content, regenerations and pictures count together. */
const GENERATE_LIMIT: [number, number] = [20, 60];

/** Refuses (tooManyRequests) a generation past the user's limit; every route that starts one calls it first. */
export async function limitGenerations(ctx: AppContext, userId: string): Promise<void> {
  await enforce(ctx.db, `marketing-generate:${userId}`, ...GENERATE_LIMIT);
}
