import { describe, expect, it } from 'vitest';
import { entryScriptsAtLowPriority } from './entry-script';

describe('entryScriptsAtLowPriority', () => {
  it("asks for index.html's module script at low priority", () => {
    expect(
      entryScriptsAtLowPriority(
        '<script type="module" crossorigin src="/pass/assets/initial-1.js"></script>',
      ),
    ).toBe('<script fetchpriority="low" type="module" crossorigin src="/pass/assets/initial-1.js"></script>');
  });

  it('leaves inline scripts, classic scripts, JSON and a script with its own priority as they are', () => {
    const html =
      '<script type="module">import "./x.js"</script>' +
      '<script src="/legacy.js"></script>' +
      '<script type="application/json" id="tp-boot">{}</script>' +
      '<script type="module" fetchpriority="high" src="/pass/assets/a.js"></script>';
    expect(entryScriptsAtLowPriority(html)).toBe(html);
  });
});
