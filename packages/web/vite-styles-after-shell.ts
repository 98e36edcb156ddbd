import type { Plugin } from 'vite';

/**
 * Moves the built page's stylesheet links from <head> to the end of <body> (issue 16, first
 * contentful paint). In <head> they block the first paint until every one has arrived; after the
 * logo index.html paints inside #root, Chromium paints that logo at once and waits for the
 * stylesheets only with what follows them. The app itself starts no earlier than before: module
 * scripts run only after the document's stylesheets have loaded, so nothing appears unstyled.
 */
export function stylesAfterShell(): Plugin {
  return {
    name: 'styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const rest = html.replace(/\n?[ \t]*<link rel="stylesheet"[^>]*>/g, (link) => {
          links.push(link.trim());
          return '';
        });
        if (links.length === 0) return html;
        return rest.replace('</body>', `  ${links.join('\n    ')}\n  </body>`);
      },
    },
  };
}
