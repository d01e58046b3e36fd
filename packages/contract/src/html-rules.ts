/**
 * The rules partner HTML is sanitised by (DESIGN.md section 4, decision 0041): the holder's app applies
 * them where it renders (apps/web HtmlView, DOMPurify in the browser) and the server before it stores a
 * message composed in the console (console/messages/sanitize.ts, DOMPurify on jsdom), so both keep and drop
 * the same things. DOMPurify's defaults already drop scripts, event handlers, iframes and script URLs in
 * links; these are what both add to them.
 */

/**
 * Beyond DOMPurify's defaults: a `<style>` element would restyle the whole app, and forms could pose as our
 * own sign-in, so both go.
 */
export const HTML_FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'];

/** Attributes whose value the browser loads or follows as a URL. */
export const HTML_URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'poster',
  'background',
]);
/** The only data: URLs kept (in a URL attribute): raster pictures, which cannot run anything. */
export const SAFE_DATA_URL = /^data:image\/(?:png|gif|jpe?g|webp|avif|bmp);/;
/** Script schemes and HTML documents, anywhere in any attribute (a style's url(), a data-* attribute). */
export const SCRIPT_URL = /(?:java|vb|live)script:|data:text\/html/;

/** Whether a character is one a URL parser skips inside a scheme: controls, spaces, invisible separators. */
function isIgnorable(code: number): boolean {
  return (
    code <= 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    code === 0x1680 ||
    code === 0x180e ||
    (code >= 0x2000 && code <= 0x2029) ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** A value as a URL parser reads it: browsers drop spaces and control characters inside a scheme. */
export function normalisedUrlText(value: string): string {
  let text = '';
  for (const char of value) if (!isIgnorable(char.codePointAt(0) ?? 0)) text += char;
  return text.toLowerCase();
}

/**
 * Whether an attribute DOMPurify would keep must go all the same (the sanitisers' uponSanitizeAttribute
 * hook): a script URL anywhere in its value (a style's url(), a data-* attribute, an img src of
 * data:text/html), or a data: URL in a URL attribute that is not a raster picture.
 */
export function dropsAttribute(name: string, value: string): boolean {
  const text = normalisedUrlText(value);
  const badDataUrl = HTML_URL_ATTRIBUTES.has(name) && text.startsWith('data:') && !SAFE_DATA_URL.test(text);
  return badDataUrl || SCRIPT_URL.test(text);
}

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
