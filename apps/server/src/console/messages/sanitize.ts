import { dropsAttribute, HTML_FORBID_TAGS, stripEventHandlers } from '@trailpass/contract';
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';

/**
 * The server's copy of the holder app's sanitiser (apps/web HtmlView's sanitizeHtml, 'full'): the same
 * DOMPurify version and configuration, with the same rules from the contract (html-rules.ts): event handlers
 * out first, DOMPurify's defaults, no styles or forms, no script URL in any attribute, data: URLs only as
 * raster pictures. A console message is stored as this returns it, so what the console lists is what the
 * holders will see; their app sanitises it again where it renders it (DESIGN.md section 4), as all partner
 * HTML. Made on first use, jsdom imported then too: loading it takes more than a second, which every server
 * start and every test file that builds the app would pay otherwise, composing a message or not.
 */
let purifier: Promise<DOMPurify> | null = null;

function getPurifier(): Promise<DOMPurify> {
  purifier ??= makePurifier();
  return purifier;
}

async function makePurifier(): Promise<DOMPurify> {
  const { JSDOM } = await import('jsdom');
  const { window } = new JSDOM('<!doctype html><html><body></body></html>');
  const instance = createDOMPurify(window as unknown as WindowLike);
  instance.addHook('uponSanitizeAttribute', (_node, hook) => {
    if (dropsAttribute(hook.attrName, hook.attrValue)) hook.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    // A picture without a text alternative is decorative (as the app marks it); where a link opens is the
    // app's to decide when it renders it (external links in a new tab), so a partner's target goes.
    if (node.nodeName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    if (node.nodeName === 'A') node.removeAttribute('target');
  });
  return instance;
}

/**
 * The partner's HTML as the holders may get it, and whether anything of it shows (some text, or a
 * picture): a message of only a script is empty once sanitised.
 */
export async function sanitizeMessageHtml(html: string): Promise<{ html: string; showsSomething: boolean }> {
  const body = (await getPurifier()).sanitize(stripEventHandlers(html), {
    FORBID_TAGS: [...HTML_FORBID_TAGS],
    RETURN_DOM: true,
  }) as HTMLElement;
  return {
    html: body.innerHTML,
    showsSomething: (body.textContent ?? '').trim() !== '' || body.querySelector('img') !== null,
  };
}
