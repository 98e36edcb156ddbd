import type { ShowcaseItem, ShowcaseManifest } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';

export type { ShowcaseItem, ShowcasePicture } from '@productimage/core';

export const showcaseUrl = (file: string, ext: 'avif' | 'webp') => `${import.meta.env.BASE_URL}showcase/${file}.${ext}`;

/**
 * The build's examples (showcase/manifest.json, a static file next to the app). A build without
 * them (the generator could not run) simply shows none.
 */
export function useShowcase() {
  const query = useQuery({
    queryKey: ['showcase'],
    queryFn: async (): Promise<ShowcaseItem[]> => {
      const res = await fetch(`${import.meta.env.BASE_URL}showcase/manifest.json`);
      if (!res.ok) return [];
      return ((await res.json()) as ShowcaseManifest).items;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { items: query.data ?? [], loading: query.isLoading };
}
