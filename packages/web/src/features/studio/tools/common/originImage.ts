import { fileKeyOf, mayBeFileUrl } from '@productimage/core';
import { use, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UploadedImage } from './useImageUploader.ts';

/** Query parameter that hands a picture to a tool (spec 001 §2), e.g. a cutout sent to the background tool. */
export const ORIGIN_IMAGE_PARAM = 'genOriginImgUrl';
/**
 * Query parameter naming the generation a page is opened from (spec 001 §2 `genOriginState`): the
 * id of one of the user's tasks. On the tool that made it, the page opens showing that result (the
 * creation space's "open in tool"); on another tool, beside `genOriginImgUrl`, it says where the
 * picture came from and links back to that result.
 */
export const ORIGIN_STATE_PARAM = 'genOriginState';
const TASK_ID = /^[\w-]{8,64}$/;

/** The task id a page was opened with, when it looks like one (the server checks it is the user's). */
export function useOriginState(): string | null {
  const [params] = useSearchParams();
  const id = params.get(ORIGIN_STATE_PARAM);
  return id && TASK_ID.test(id) ? id : null;
}

/** The link that opens a tool on one of its own results. */
export const withOriginState = (path: string, taskId: string) =>
  `${path}?${new URLSearchParams({ [ORIGIN_STATE_PARAM]: taskId })}`;

/**
 * The hand-off URLs resolved by the server (POST /api/upload/resolve), one request per URL: a page
 * opened with one suspends until its answer (RoutePage's Suspense shows the loading state).
 */
const resolved = new Map<string, Promise<string | null>>();
function resolveOrigin(url: string): Promise<string | null> {
  let answer = resolved.get(url);
  if (!answer) {
    // Imported here, so this file's link helpers stay free of the API client (and testable without a page).
    answer = import('../../tasks/taskApi.ts')
      .then(({ taskApi }) => taskApi.resolve(url))
      .then(
        (fresh) => fresh,
        // Not the user's picture (a foreign or someone else's URL) or not logged in: the tool opens empty.
        () => null,
      );
    resolved.set(url, answer);
  }
  return answer;
}

/**
 * The picture a tool page was opened with, as its starting input. Whether it is one of our files is
 * core's one rule (fileKeyOf) on the server, for every form a deployment hands out: `/files/...`,
 * absolute under PUBLIC_URL, signed or expired, an S3 presigned URL of our bucket (issue 41). The
 * server answers it freshly signed when it is the user's own picture; anything else opens the tool
 * empty. Only URLs that may be ours are sent (core's mayBeFileUrl).
 */
export function useOriginImage(): UploadedImage | null {
  const [params] = useSearchParams();
  const url = params.get(ORIGIN_IMAGE_PARAM);
  const fresh = url && mayBeFileUrl(url) ? use(resolveOrigin(url)) : null;
  const [origin] = useState(() => {
    if (!fresh) return null;
    const name = new URL(fresh, window.location.href).pathname.split('/').pop() || 'image';
    return { url: fresh, preview: fresh, name, width: 0, height: 0 };
  });
  return origin;
}

/**
 * Whether a URL in a list the page shows (product library pictures) looks like one of our files, so
 * it is offered as a tool input: core's rule with this page's origin as the public base (PUBLIC_URL
 * serves the app), or an S3 presigned URL. The server still decides whose it is when a task uses it.
 */
export function looksOwnFile(url: string): boolean {
  return !!fileKeyOf(url, { publicBase: window.location.origin }) || /^https?:\/\/[^?#]+\?[^#]*X-Amz-Signature=/.test(url);
}

/** The link that opens a tool with a picture as its input (and the task that made it, when known). */
export const withOriginImage = (path: string, url: string, taskId?: string) =>
  `${path}?${new URLSearchParams({ [ORIGIN_IMAGE_PARAM]: url, ...(taskId ? { [ORIGIN_STATE_PARAM]: taskId } : {}) })}`;
