/**
 * Markup without its event-handler attributes (`onerror=`, `onclick=`...), for sanitizeHtml to hand to
 * DOMPurify. Not what makes it safe: DOMPurify drops handlers, and the app's CSP forbids them. But
 * Chromium checks every inline handler it parses against the page's policy, also in the inert document
 * DOMPurify parses into, and reports each as a violation (script-src-attr) though nothing runs: a partner
 * message with an `onerror` would fill the journeys' (and any report endpoint's) CSP violations.
 *
 * Start tags are read as the HTML tokenizer reads them (quoted values may hold spaces and `>`), in one pass
 * without backtracking. A handler it misses is still dropped by DOMPurify: it only costs a report.
 */

const isSpace = (char: string) =>
  char === ' ' || char === '\t' || char === '\n' || char === '\f' || char === '\r';
const isLetter = (char: string | undefined) => char !== undefined && /[A-Za-z]/.test(char);

/** The index after the end of the run of characters from `from` on that `keep` accepts. */
function skip(html: string, from: number, keep: (char: string) => boolean): number {
  let i = from;
  while (i < html.length && keep(html.charAt(i))) i++;
  return i;
}

export function stripEventHandlers(html: string): string {
  if (!/\son|\/on/i.test(html)) return html;
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1 || !isLetter(html[lt + 1])) {
      out += html.slice(i, lt === -1 ? html.length : lt + 1);
      i = lt === -1 ? html.length : lt + 1;
      continue;
    }
    // The tag name.
    let j = skip(html, lt + 1, (c) => !isSpace(c) && c !== '/' && c !== '>');
    out += html.slice(i, j);
    // Its attributes, up to the `>` that closes it (or the end of the text).
    while (j < html.length && html[j] !== '>') {
      const start = j;
      j = skip(html, j, (c) => isSpace(c) || c === '/');
      if (j >= html.length || html[j] === '>') {
        out += html.slice(start, j);
        break;
      }
      // A name (its first character may be `=`, as for the tokenizer), then maybe `=` and a value.
      const nameStart = j;
      j = skip(html, j + 1, (c) => !isSpace(c) && c !== '/' && c !== '>' && c !== '=');
      const name = html.slice(nameStart, j);
      const afterName = skip(html, j, isSpace);
      if (html[afterName] === '=') {
        j = skip(html, afterName + 1, isSpace);
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, j + 1);
          j = close === -1 ? html.length : close + 1;
        } else {
          j = skip(html, j, (c) => !isSpace(c) && c !== '>');
        }
      }
      // A dropped attribute keeps the space before it, so its neighbours stay apart.
      out += /^on/i.test(name) ? html.slice(start, nameStart) : html.slice(start, j);
    }
    i = j;
  }
  return out;
}
