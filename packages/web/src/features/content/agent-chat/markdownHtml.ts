import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';

/**
 * Markdown of the agent's answers through marked (GitHub-flavoured: headings, paragraphs with line
 * breaks, lists, quotes, fenced code, tables, rules, bold, italic, inline code, links), then
 * DOMPurify. Raw HTML in an answer stays visible text (escaped, never parsed); links are kept only
 * for http(s) and mailto addresses and open in a new tab without referrer; pictures show their
 * description (no request to an address a model wrote). Headings start at h3 inside a chat bubble.
 */
const SAFE_URL = /^(https?:\/\/|mailto:)/i;

/**
 * DOMPurify checks every attribute's value with this, not only links' (its own default pattern,
 * with http(s) and mailto the only schemes): a value with a scheme must have one of those, plain
 * values such as `_blank`, `noopener` or a table cell's `left` pass. SAFE_URL here would drop them.
 */
const SAFE_ATTRIBUTE_VALUE = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(6, depth + 2);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens);
      if (!SAFE_URL.test(href)) return `<span>${label}</span>`;
      return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow">${label}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

/** The sanitised HTML of a Markdown text. */
export function markdownHtml(text: string): string {
  const html = marked.parse(text, { async: false });
  return DOMPurify.sanitize(html, {
    ADD_ATTR: ['target'],
    ALLOWED_URI_REGEXP: SAFE_ATTRIBUTE_VALUE,
    FORBID_TAGS: ['img', 'style', 'form', 'input'],
  });
}
