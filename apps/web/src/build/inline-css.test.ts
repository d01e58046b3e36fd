import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-css';

const css: Record<string, string> = { '/pass/assets/initial-1.css': '.tp-btn{color:red}\n' };

describe('inlineStylesheets', () => {
  it('replaces a known stylesheet link by its CSS and leaves everything else', () => {
    const html =
      '<head><link rel="icon" href="/pass/favicon.svg"><link rel="stylesheet" crossorigin href="/pass/assets/initial-1.css"><script type="module" src="/pass/assets/initial-1.js"></script></head>';
    expect(inlineStylesheets(html, (href) => css[href])).toBe(
      '<head><link rel="icon" href="/pass/favicon.svg"><style>.tp-btn{color:red}</style><script type="module" src="/pass/assets/initial-1.js"></script></head>',
    );
  });

  it('keeps a link it has no CSS for', () => {
    const html = '<link rel="stylesheet" href="https://example.com/x.css">';
    expect(inlineStylesheets(html, () => undefined)).toBe(html);
  });

  it('refuses CSS that would end the style element', () => {
    expect(() =>
      inlineStylesheets('<link rel="stylesheet" href="/a.css">', () => 'a::after{content:"</style>"}'),
    ).toThrow(/cannot be inlined/);
  });
});
