// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markdownHtml } from './markdownHtml.ts';

/** The rendered answer as the page holds it. */
function rendered(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = markdownHtml(markdown);
  return root;
}

/** Every attribute of every element: none may run script or load a resource. */
const attributes = (root: HTMLElement) =>
  [...root.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].map((a) => [el.tagName.toLowerCase(), a.name, a.value] as const),
  );

describe("the agent's Markdown", () => {
  it('renders the formatting an answer uses, headings from h3', () => {
    const root = rendered(
      '# 方案\n\n**加粗** 和 *斜体*，`代码`\n\n- 一\n- 二\n\n3. 三\n4. 四\n\n| a | b |\n| :- | -: |\n| 1 | 2 |\n\n第一行\n第二行',
    );
    expect(root.querySelector('h3')?.textContent).toBe('方案');
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelector('strong')?.textContent).toBe('加粗');
    expect(root.querySelector('em')?.textContent).toBe('斜体');
    expect(root.querySelector('code')?.textContent).toBe('代码');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['一', '二', '三', '四']);
    expect(root.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect([...root.querySelectorAll('td')].map((td) => td.getAttribute('align'))).toEqual(['left', 'right']);
    expect(root.querySelector('br')).not.toBeNull();
  });

  it('shows raw HTML as text instead of parsing it', () => {
    const root = rendered(
      '前 <script>alert(1)</script> <b>粗</b> <img src=x onerror="alert(2)"> <a href="https://e.com">链</a> 后',
    );
    expect(root.querySelector('script, b, img, a')).toBeNull();
    expect(root.textContent).toContain('<script>alert(1)</script>');
    expect(root.textContent).toContain('<img src=x onerror="alert(2)">');
    expect(attributes(root)).toEqual([]);
  });

  it('keeps links to http(s) and mailto only, opening in a new tab without referrer', () => {
    const root = rendered(
      [
        '[官网](https://example.com/a?b=1)',
        '[邮件](mailto:hi@example.com)',
        '[脚本](javascript:alert(1))',
        '[大写](JavaScript:alert(1))',
        '[数据](data:text/html,<script>alert(1)</script>)',
        '[相对](/productimage/x)',
        '<javascript:alert(1)>',
        'www.example.org',
      ].join('\n\n'),
    );
    const links = [...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['官网', 'https://example.com/a?b=1'],
      ['邮件', 'mailto:hi@example.com'],
      ['www.example.org', 'http://www.example.org'],
    ]);
    for (const a of root.querySelectorAll('a')) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
    // The refused links keep their words, as plain text.
    for (const label of ['脚本', '大写', '数据', '相对']) expect(root.textContent).toContain(label);
    for (const [tag, name, value] of attributes(root)) expect(value, `${tag} ${name}`).not.toMatch(/javascript:|data:/i);
  });

  it('shows a picture as its description, loading nothing', () => {
    const root = rendered('![保温杯海报](https://example.com/p.png) 与 ![](javascript:alert(1))');
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('保温杯海报');
    expect(root.innerHTML).not.toContain('example.com/p.png');
  });

  it('gives no way to an event handler or a style through a link or its title', () => {
    const root = rendered(
      [
        '[点](https://example.com/" onmouseover="alert(1))',
        '[点](https://example.com "标题\\" onclick=\\"alert(1)")',
        '<https://example.com/" onfocus="alert(1)>',
      ].join('\n\n'),
    );
    for (const [tag, name] of attributes(root)) {
      expect(name.startsWith('on'), `${tag} ${name}`).toBe(false);
      expect(name).not.toBe('style');
    }
    for (const a of root.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^https:\/\/example\.com/);
  });
});
