import { REWRITE_VIDEO, type VideoShot } from '@productimage/core';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { useQuota } from '../../platform/sandbox/quota.ts';
import { saveUpload } from '../../studio/uploads/service.ts';
import { analyseVideo, VideoUnreadable } from './video.ts';
import { describeKeyframes, visionConfigured } from './vision.ts';

/**
 * Original videos of script rewrites: checked by content (mp4, mov, webm, mkv; at most 25 MB and
 * 5 minutes), stored as the user's upload, and read once with ffmpeg (video.ts). The keyframes are
 * stored as JPEGs (recorded as the user's uploads); the analysis is kept with the video so a submit (and every regenerate) uses it.
 */
export interface StoredVideo {
  video: string;
  durationSeconds: number;
  shots: VideoShot[];
}

export async function saveVideo(
  ctx: AppContext,
  user: { id: string; tenantId: string },
  data: Buffer,
  signal?: AbortSignal,
): Promise<StoredVideo> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !(REWRITE_VIDEO.mimeTypes as readonly string[]).includes(type.mime)) throw new AppError('rewriteVideoType');
  // Reading a video is the dearest thing an upload does: a quota per user (issue 26).
  await useQuota(ctx.db, user.id, 'videosRead');
  let analysis: Awaited<ReturnType<typeof analyseVideo>>;
  try {
    analysis = await analyseVideo(data, signal, user.id);
  } catch (err) {
    if (err instanceof VideoUnreadable) throw new AppError('rewriteVideoType');
    throw err;
  }
  // With a vision-capable model, each keyframe is read too; the script still follows the shots without it.
  let descriptions: string[] = [];
  const framed = analysis.shots.filter((s) => s.frame);
  if (visionConfigured(ctx.config) && framed.length) {
    try {
      descriptions = await describeKeyframes(
        ctx.config,
        framed.map((s) => s.frame as Buffer),
      );
    } catch (err) {
      ctx.log.warn({ err }, 'rewrite: the vision model could not read the keyframes');
    }
  }
  const video = await saveUpload(ctx, user, data, { mime: type.mime, ext: type.ext });
  const shots: VideoShot[] = [];
  for (const shot of analysis.shots) {
    // Keyframes are kept as the user's uploads (a file with no record is never served).
    const frame = shot.frame ? await saveUpload(ctx, user, shot.frame, { mime: 'image/jpeg', ext: 'jpg' }) : null;
    const desc = shot.frame ? descriptions[framed.indexOf(shot)] : undefined;
    shots.push({ start: shot.start, end: shot.end, frame, ...(desc ? { desc } : {}) });
  }
  const stored: StoredVideo = { video, durationSeconds: analysis.durationSeconds, shots };
  const key = ctx.storage.keyFromUrl(video);
  if (!key) throw new Error('stored video without a key');
  await ctx.db
    .insertInto('rewrite_videos')
    .values({ key, user_id: user.id, analysis: JSON.stringify(stored), created_at: Date.now() })
    .execute();
  return stored;
}

/** The user's own analysed video behind a URL this server handed out, else notFound. */
export async function ownVideo(ctx: AppContext, userId: string, url: string): Promise<StoredVideo> {
  const key = ctx.storage.keyFromUrl(url);
  const row = key
    ? await ctx.db
        .selectFrom('rewrite_videos')
        .select('analysis')
        .where('key', '=', key)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('taskInputInvalid');
  return JSON.parse(row.analysis) as StoredVideo;
}
