import type { ReactNode } from 'react';

/**
 * Markdown of the agent's answers rendered to React elements, never to an HTML string: raw HTML in
 * an answer stays visible text (React escapes it), links are kept only for http(s) and mailto
 * addresses and open in a new tab without referrer. Covers what chat models write: headings,
 * paragraphs, bullet and numbered lists, quotes, fenced code, rules, bold, italic, inline code, links.
 */
const SAFE_URL = /^(https?:\/\/|mailto:)/i;
const INLINE = /(`[^`\n]+`)|(\*\*[^*\n]+\*\*|__[^_\n]+__)|(\[[^\]\n]+\]\([^)\s]+\))|(\*[^*\s\n][^*\n]*\*|_[^_\s\n][^_\n]*_)/;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let n = 0;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const token = m[0];
    const k = `${key}-${n++}`;
    if (m[1]) out.push(<code key={k}>{token.slice(1, -1)}</code>);
    else if (m[2]) out.push(<strong key={k}>{inline(token.slice(2, -2), k)}</strong>);
    else if (m[3]) {
      const [, label = '', href = ''] = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(token) ?? [];
      out.push(
        SAFE_URL.test(href) ? (
          <a key={k} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {inline(label, k)}
          </a>
        ) : (
          <span key={k}>{inline(label, k)}</span>
        ),
      );
    } else out.push(<em key={k}>{inline(token.slice(1, -1), k)}</em>);
    rest = rest.slice(m.index + token.length);
  }
  return out;
}

const withBreaks = (lines: string[], key: string) =>
  lines.flatMap((line, i) =>
    i === 0 ? inline(line, `${key}-${i}`) : [<br key={`${key}-br${i}`} />, ...inline(line, `${key}-${i}`)],
  );

export function Markdown({ text }: { text: string }) {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    const key = `b${i}`;
    if (/^\s*```/.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i] as string)) code.push(lines[i++] as string);
      i++;
      blocks.push(
        <pre key={key}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(6, (heading[1] as string).length + 2);
      const Tag = `h${level}` as 'h3';
      blocks.push(<Tag key={key}>{inline(heading[2] as string, key)}</Tag>);
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push(<hr key={key} />);
      i++;
      continue;
    }
    if (/^\s*[-*+]\s+/.test(line) || /^\s*\d+[.)]\s+/.test(line)) {
      const ordered = /^\s*\d+[.)]\s+/.test(line);
      const pattern = ordered ? /^\s*\d+[.)]\s+/ : /^\s*[-*+]\s+/;
      const items: string[] = [];
      while (i < lines.length && pattern.test(lines[i] as string)) items.push((lines[i++] as string).replace(pattern, ''));
      const children = items.map((item, n) => <li key={`${key}-${n}`}>{inline(item, `${key}-${n}`)}</li>);
      blocks.push(ordered ? <ol key={key}>{children}</ol> : <ul key={key}>{children}</ul>);
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i] as string)) quoted.push((lines[i++] as string).replace(/^\s*>\s?/, ''));
      blocks.push(<blockquote key={key}>{withBreaks(quoted, key)}</blockquote>);
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && (lines[i] as string).trim() && !/^\s*(```|#{1,6}\s|[-*+]\s|\d+[.)]\s|>)/.test(lines[i] as string))
      paragraph.push(lines[i++] as string);
    if (!paragraph.length) paragraph.push(lines[i++] as string);
    blocks.push(<p key={key}>{withBreaks(paragraph, key)}</p>);
  }
  return <div className="agent-md">{blocks}</div>;
}
