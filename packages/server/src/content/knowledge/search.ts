import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { EmbeddingError, embedderOf } from './embeddings.ts';
import { chunksByIds, type IndexFilter, topKeyword } from './index-store.ts';
import { type SnippetPart, snippetOf } from './snippet.ts';
import { terms } from './tokenize.ts';
import { nearestChunks } from './vector-store.ts';

/**
 * Search over datasets, like FastGPT's searchTest: keyword (the database's full-text engine over
 * jieba terms: SQLite FTS5 bm25, PostgreSQL ts_rank_cd; index-store.ts) always, plus
 * vector similarity when an embeddings API is configured; the two rankings are merged by reciprocal
 * rank fusion (RRF, k = 60), the way FastGPT merges its mixed recall. Each hit says where it came from.
 * The vector ranking comes from pgvector on PostgreSQL when it is installed, else from comparing the
 * stored embeddings in the server (vector-store.ts); both give the same nearest chunks.
 */
export interface SearchHit {
  /** Our chunk id, or FastGPT's data id on that backend. */
  chunkId: number | string;
  datasetId: number;
  collectionId: number;
  sourceName: string;
  /** The chunk text; in qa mode "question\nanswer". */
  text: string;
  q: string;
  a: string;
  /** Keyword score (keyword mode; FTS5 bm25 on SQLite, ts_rank_cd on PostgreSQL) or the fused RRF score (hybrid). */
  score: number;
  mode: 'keyword' | 'hybrid';
  /** The separate scores behind `score`. */
  scores: { keyword: number | null; vector: number | null };
  /** The text around the query's matched terms, matches marked. */
  snippet: SnippetPart[];
}

const RRF_K = 60;

/** Searches the chunks the filter allows (datasets, their owner, collections), best first. */
export async function searchDatasets(ctx: AppContext, filter: IndexFilter, text: string, limit: number): Promise<SearchHit[]> {
  const { datasetIds } = filter;
  const queryTerms = [...new Set(terms(text))];
  const embedder = embedderOf(ctx.config);
  // Hybrid fusion looks deeper into each ranking than the answer's length.
  const depth = Math.max(limit * 4, 20);
  const keyword = await topKeyword(ctx.db, filter, queryTerms, embedder ? depth : limit);
  let vector = new Map<number, number>();
  if (embedder) {
    let query: number[];
    try {
      [query] = (await embedder.embed([text])) as [number[]];
    } catch (error) {
      if (error instanceof EmbeddingError) throw new AppError('embeddingFailed');
      throw error;
    }
    // Only as many vector candidates as keyword ones are worth: a far-down cosine says little.
    vector = await nearestChunks(ctx.db, datasetIds, query, depth, filter.collectionIds);
  }
  const ranked = embedder ? fuse(keyword, vector, limit) : top(keyword, limit);
  const rows = await chunksByIds(
    ctx.db,
    ranked.map(([id]) => id),
  );
  return ranked.flatMap(([id, score]) => {
    const row = rows.get(id);
    if (!row) return [];
    const text = row.a ? `${row.q}\n${row.a}` : row.q;
    return [
      {
        ...row,
        text,
        score,
        mode: embedder ? ('hybrid' as const) : ('keyword' as const),
        scores: { keyword: keyword.get(id) ?? null, vector: embedder ? (vector.get(id) ?? null) : null },
        snippet: snippetOf(text, queryTerms),
      },
    ];
  });
}

function top(scores: Map<number, number>, limit: number): Array<[number, number]> {
  return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
}

function fuse(keyword: Map<number, number>, vector: Map<number, number>, limit: number): Array<[number, number]> {
  const fused = new Map<number, number>();
  // Both rankings are already cut to the search depth.
  for (const list of [top(keyword, keyword.size), top(vector, vector.size)]) {
    for (const [rank, [id]] of list.entries()) fused.set(id, (fused.get(id) ?? 0) + 1 / (RRF_K + rank + 1));
  }
  return top(fused, limit);
}
