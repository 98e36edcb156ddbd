import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UploadedImage } from './useImageUploader.ts';

/** Query parameter that hands a picture to a tool (spec 001 §2), e.g. a cutout sent to the background tool. */
export const ORIGIN_IMAGE_PARAM = 'genOriginImgUrl';

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

/** The link that opens a tool with a picture as its input. */
export const withOriginImage = (path: string, url: string) => `${path}?${new URLSearchParams({ [ORIGIN_IMAGE_PARAM]: url })}`;
