import type { Config } from '../../platform/config.ts';
import { fetchWithRetry } from '../../platform/http/outbound.ts';

/**
 * An OpenAI-compatible embeddings API (`POST {EMBEDDING_BASE_URL}/embeddings`), optional: without it
 * search is keyword-only (BM25). The URL is the operator's setting, never user input.
 */
export interface Embedder {
  model: string;
  embed(texts: string[]): Promise<number[][]>;
}

export class EmbeddingError extends Error {}

const BATCH = 64;
const TIMEOUT_MS = 30_000;

export function embedderOf(config: Config): Embedder | null {
  const base = config.EMBEDDING_BASE_URL?.replace(/\/+$/, '');
  const model = config.EMBEDDING_MODEL;
  if (!base || !model) return null;
  return {
    model,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const input = texts.slice(i, i + BATCH);
        let res: Response;
        try {
          res = await fetchWithRetry(
            `${base}/embeddings`,
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...(config.EMBEDDING_API_KEY ? { authorization: `Bearer ${config.EMBEDDING_API_KEY}` } : {}),
              },
              body: JSON.stringify({ model, input }),
            },
            { timeoutMs: TIMEOUT_MS },
          );
        } catch (error) {
          throw new EmbeddingError(`embeddings unreachable: ${(error as Error).message}`);
        }
        if (!res.ok) throw new EmbeddingError(`embeddings answered ${res.status}`);
        const body = (await res.json()) as { data?: Array<{ embedding: number[]; index: number }> };
        const data = [...(body.data ?? [])].sort((a, b) => a.index - b.index);
        if (data.length !== input.length || data.some((d) => !Array.isArray(d.embedding))) {
          throw new EmbeddingError('embeddings answer has the wrong shape');
        }
        out.push(...data.map((d) => d.embedding));
      }
      return out;
    },
  };
}

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
