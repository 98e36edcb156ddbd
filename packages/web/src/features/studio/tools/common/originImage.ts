import { useState } from 'react';
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
 * The picture a tool page was opened with, as its starting input. Only our own file URLs are taken
 * (the server still checks that the file is the user's before using it).
 */
export function useOriginImage(): UploadedImage | null {
  const [params] = useSearchParams();
  const [origin] = useState(() => {
    const url = params.get(ORIGIN_IMAGE_PARAM);
    // Our file URLs carry their signature and expiry (`?e=&s=`, docs/security.md "File URLs").
    if (!url || !/^\/files\/[\w./-]+(\?e=\d+&s=[\w-]+)?$/.test(url) || url.includes('..')) return null;
    return { url, preview: url, name: url.split('?')[0]?.split('/').pop() ?? 'image', width: 0, height: 0 };
  });
  return origin;
}

/** The link that opens a tool with a picture as its input (and the task that made it, when known). */
export const withOriginImage = (path: string, url: string, taskId?: string) =>
  `${path}?${new URLSearchParams({ [ORIGIN_IMAGE_PARAM]: url, ...(taskId ? { [ORIGIN_STATE_PARAM]: taskId } : {}) })}`;
