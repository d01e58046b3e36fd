/**
 * The pseudo-locale (decisions 0050, 0052): every English string accented, about 40 % longer and between
 * visible delimiters, so that a journey in it sees at once a text that does not come from the catalogue
 * (plain ASCII letters), a layout that breaks on longer text, and a string cut off or run into another
 * (a delimiter missing). The catalogues' pseudo versions are made when they are compiled
 * (src/build/lingui-catalogues.ts): the ICU parser hands over the text between the placeholders and plural
 * keywords (which stay as they are), and pseudoText keeps the `<0>...</0>` or `<strong>` tags Trans reads.
 */

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ď',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ľ',
  m: 'ḿ',
  n: 'ñ',
  o: 'ó',
  p: 'ṕ',
  q: 'ʠ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ď',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ľ',
  M: 'Ḿ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Ṕ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);

export const PSEUDO_OPEN = '[';
export const PSEUDO_CLOSE = ']';
/** How much longer a pseudo string is than its English: German runs about this much longer. */
export const PSEUDO_LENGTHENING = 0.4;

/** What Trans reads inside a message's text and must get back unchanged: its tags. */
const KEPT = /(<\/?[A-Za-z0-9]+\s*\/?>)/;

/** Letters accented, no length added (dates and the like, written by the formatting helpers). */
export function accent(text: string): string {
  let out = '';
  for (const char of text) out += ACCENTED[char] ?? char;
  return out;
}

/**
 * A message's text (between its placeholders) in the pseudo-locale, without the delimiters: `Sign in` →
 * `Šíĝñ íñ`-like, about 40 % longer, tags kept.
 */
export function pseudoText(english: string): string {
  const parts = english.split(KEPT);
  const letters = parts.reduce((sum, part, index) => sum + (index % 2 === 0 ? part.length : 0), 0);
  let extra = Math.round(letters * PSEUDO_LENGTHENING);
  const out = parts.map((part, index) => {
    if (index % 2 === 1) return part;
    let text = '';
    for (const char of part) {
      const accented = ACCENTED[char] ?? char;
      text += accented;
      // Vowels doubled first: the text grows where real translations grow, and still breaks between words.
      if (extra > 0 && VOWELS.has(char)) {
        text += accented;
        extra -= 1;
      }
    }
    return text;
  });
  return `${out.join('')}${'~'.repeat(Math.max(0, extra))}`;
}
