/**
 * Build-time only (vite.config.ts): the entry's stylesheet written into index.html as a `<style>` element
 * instead of a `<link rel="stylesheet">` (decision 0027). A linked stylesheet holds up the first paint by a
 * round trip (on a phone's connection, Lighthouse's First Contentful Paint went from 0.8 s to 1.7–2.0 s
 * with it), while the loading frame needs none of it; inline, it costs the page about 6 kB gzipped and no
 * request. The CSP allows inline styles already (emotion, in the MUI islands, needs them).
 */

/** The stylesheet links of `html` whose href `cssOf` knows, replaced by that CSS inline. */
export function inlineStylesheets(html: string, cssOf: (href: string) => string | undefined): string {
  return html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1];
    const css = href === undefined ? undefined : cssOf(href);
    if (css === undefined) return link;
    // A stylesheet cannot end the element early unless it holds "</style", which no CSS needs.
    if (/<\/style/i.test(css)) throw new Error(`${href} holds "</style" and cannot be inlined`);
    return `<style>${css.trim()}</style>`;
  });
}
