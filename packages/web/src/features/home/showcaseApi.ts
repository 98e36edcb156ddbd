import { useQuery } from '@tanstack/react-query';

/** One side of a before/after pair: `<file>.avif` and `<file>.webp` under showcase/. */
export interface ShowcasePicture {
  file: string;
  width: number;
  height: number;
}
/** A real example made by the product's own engine at build time (scripts/showcase.ts). */
export interface ShowcaseItem {
  id: string;
  bizType: string;
  routeId: string;
  /** The drawn product photo that went in (none for QR art, which starts from a link). */
  before: ShowcasePicture | null;
  after: ShowcasePicture;
}

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
      return ((await res.json()) as { items: ShowcaseItem[] }).items;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { items: query.data ?? [], loading: query.isLoading };
}
