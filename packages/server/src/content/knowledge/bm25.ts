/**
 * Okapi BM25 (k1 1.2, b 0.75, the Lucene idf that never goes negative), computed in the server: the
 * reference the ranking tests check segmentation and ranking with, without a database. Search itself
 * ranks inside the databases' full-text engines (index-store.ts: SQLite FTS5 `bm25()` with the same
 * k1 and b, PostgreSQL `ts_rank_cd`).
 */
export const K1 = 1.2;
export const B = 0.75;

export interface Posting {
  chunkId: number;
  term: string;
  tf: number;
  /** Terms in the chunk. */
  length: number;
}

export interface CorpusStats {
  /** Chunks searched. */
  count: number;
  /** Mean chunk length in terms. */
  avgLength: number;
}

export function idf(docFreq: number, count: number): number {
  return Math.log(1 + (count - docFreq + 0.5) / (docFreq + 0.5));
}

/** Scores per chunk for the query terms (repeated query terms count once). */
export function scoreBm25(postings: Posting[], stats: CorpusStats): Map<number, number> {
  const df = new Map<string, number>();
  for (const p of postings) df.set(p.term, (df.get(p.term) ?? 0) + 1);
  const scores = new Map<number, number>();
  const avg = stats.avgLength || 1;
  for (const p of postings) {
    const weight = idf(df.get(p.term)!, stats.count);
    const norm = p.tf + K1 * (1 - B + (B * p.length) / avg);
    scores.set(p.chunkId, (scores.get(p.chunkId) ?? 0) + (weight * (p.tf * (K1 + 1))) / norm);
  }
  return scores;
}
