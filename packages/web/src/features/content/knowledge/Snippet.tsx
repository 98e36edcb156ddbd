import './snippet.css';

/** A highlighted snippet of a knowledge search hit: the matched query terms marked (server: knowledge/snippet.ts). */
export interface SnippetPart {
  text: string;
  match: boolean;
}

export function Snippet({ parts, testId }: { parts: SnippetPart[]; testId?: string }) {
  return (
    <span className="knowledge-snippet" data-testid={testId}>
      {/* Parts are fixed for a hit and never reorder: their index is their key. */}
      {parts.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </span>
  );
}

/** Whether a hit has a snippet with at least one matched term. */
export const hasMatch = (parts: SnippetPart[] | undefined): parts is SnippetPart[] => !!parts?.some((p) => p.match);
