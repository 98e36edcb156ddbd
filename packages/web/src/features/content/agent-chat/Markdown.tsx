import { useMemo } from 'react';
import { markdownHtml } from './markdownHtml.ts';

/** An agent's answer as Markdown (markdownHtml.ts: marked, then DOMPurify). */
export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => markdownHtml(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: marked's output with raw HTML escaped, sanitised by DOMPurify
  return <div className="agent-md" dangerouslySetInnerHTML={{ __html: html }} />;
}
