/**
 * Build-time only (vite.config.ts): index.html's module scripts asked for at low priority (decision 0028).
 *
 * A module script never holds up the first paint: the page paints "Loading your pass…" (or a page the
 * server sent with its answers starts drawing) while the entry downloads, and the entry runs once the
 * document is parsed. At the browser's default high priority it competed with the one request the first
 * screen does wait for, the hero picture (a high-priority preload), and Lighthouse's simulation counted a
 * high-priority script that arrived before the first paint as render-blocking: its First Contentful Paint
 * flipped between 0.8 s and 2.0 s from run to run with the machine's load. The scripts the server names for
 * the page are low already (apps/server/src/plugins/page-html.ts).
 */

/** `html` with `fetchpriority="low"` on each module script that has a src and no fetchpriority of its own. */
export function entryScriptsAtLowPriority(html: string): string {
  return html.replace(/<script\b[^>]*>/g, (tag) => {
    if (!/\btype="module"/.test(tag) || !/\bsrc=/.test(tag) || /\bfetchpriority=/.test(tag)) return tag;
    return tag.replace(/^<script\b/, '<script fetchpriority="low"');
  });
}
