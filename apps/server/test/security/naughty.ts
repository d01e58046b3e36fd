/**
 * Hostile values for the fuzzing suite, written for this project (not copied from a public list): what
 * reaches a handler through a path segment, a query parameter or a JSON field and has broken servers
 * before. Each line says what it probes.
 */
export const NAUGHTY_STRINGS: readonly string[] = [
  '', // empty
  ' ', // blank
  '\t\n\r', // control whitespace
  '\u0000', // NUL: Postgres text refuses it
  'a\u0000b', // NUL inside
  '\u0007\u001b[31m', // bell, terminal escape
  '\uFEFF1', // byte order mark before a digit
  '\u200B', // zero-width space
  '\u202Egnp.exe', // right-to-left override
  'Ω≈ç√∫', // non-ASCII letters
  '田中さんにあげて下さい', // CJK
  '👩‍👩‍👧‍👦🏳️‍🌈', // emoji with joiners
  '\uD800', // lone high surrogate (not valid UTF-16)
  '\uDFFF', // lone low surrogate
  'Z̴̡̢̛̗̘̙̜̝̞̟̠̀́̂̃̄', // stacked combining marks
  'ﷺ', // one of the widest glyphs
  'null', // the word null
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  '0',
  '-0',
  '-1',
  '00001', // leading zeros
  '1.0',
  '1e3',
  '1e309', // beyond a double
  '0x1F', // hex
  '0b101', // binary
  ' 42', // padded number
  '42 ',
  '+42',
  '9007199254740993', // past Number.MAX_SAFE_INTEGER
  '2147483648', // past a Postgres integer
  '99999999999999999999999999999999',
  '1,2', // a list in one value
  '1;2',
  '[1]',
  '{"a":1}',
  "' OR '1'='1", // SQL injection
  '1; DROP TABLE orders; --',
  "'; select pg_sleep(5); --",
  '1) OR (1=1',
  '\\', // a lone backslash
  '\\u0000', // an escaped NUL as text
  '%00', // encoded NUL
  '%2e%2e%2f', // encoded ../
  '../../../../etc/passwd', // path traversal
  '..\\..\\windows\\win.ini',
  '/pass/api/data', // another route
  '?t=demo-ava-brew-7Qx2mK9pL4vN8rT1', // a token in a value
  '#fragment',
  'http://169.254.169.254/latest/meta-data/', // server-side request
  'javascript:alert(1)', // script URL
  '<script>alert(1)</script>', // markup
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}', // template syntax (the pass's own placeholders)
  '$' + '{7*7}', // (written in two parts: a template literal's placeholder as plain text)
  '%s%s%s%n', // format string
  '__proto__', // prototype keys as values
  'constructor',
  'toString',
  'hasOwnProperty',
  '$where', // query operators
  '{"$gt":""}',
  'a'.repeat(201), // past the router's longest path segment (200)
  'a'.repeat(256), // past the longest token
  'x'.repeat(5001), // past the longest free text
  '1'.repeat(400), // a very long number
  '😀'.repeat(300), // long multi-byte text
];

/** Numbers that are out of range, not integers or not safe; NaN and Infinity travel in JSON as null. */
export const NAUGHTY_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

/** Bodies that are no JSON object, or no JSON at all. */
export const NAUGHTY_BODIES: readonly string[] = [
  '{', // cut off
  '{"a":}',
  "{'a':1}", // single quotes
  '{"a":1,}', // trailing comma
  '[]',
  'null',
  '0',
  '"text"',
  'true',
  '{"__proto__":{"polluted":true}}', // prototype pollution
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}', // duplicate key
  '\uFEFF{}', // byte order mark
  `${'['.repeat(5000)}${']'.repeat(5000)}`, // deep nesting
  `{"a":"${'x'.repeat(70_000)}"}`, // past the 64 KB body limit
];
