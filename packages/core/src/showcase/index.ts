/**
 * The home page's before/after examples: `showcase/manifest.json`, a static file written at build
 * time by scripts/showcase.ts and read by the web app. Not an API route, so its one contract is
 * this type, shared by the writer and the reader.
 */

/** One side of a before/after pair: `<file>.avif` and `<file>.webp` under showcase/. */
export interface ShowcasePicture {
  file: string;
  width: number;
  height: number;
}

/** A real example made by the product's own engine at build time. */
export interface ShowcaseItem {
  id: string;
  bizType: string;
  routeId: string;
  /** The drawn product photo that went in (none for QR art, which starts from a link). */
  before: ShowcasePicture | null;
  after: ShowcasePicture;
}

export interface ShowcaseManifest {
  /** The inputs' hash when every example was made (a rebuild with the same inputs skips the work). */
  stamp: string | null;
  items: ShowcaseItem[];
}
