/**
 * Where a JSON text stops being valid, as `line L, column C: <what was expected>`. Node 20's JSON.parse
 * does not always give a position, so this small scanner finds it (run only after JSON.parse has failed).
 */
export function describeJsonError(text: string): string | null {
  const problem = findProblem(text);
  if (!problem) return null;
  const before = text.slice(0, problem.offset);
  const line = before.split('\n').length;
  const column = problem.offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}: ${problem.message}`;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

function findProblem(text: string): { offset: number; message: string } | null {
  let i = 0;
  const found = (): string => (i >= text.length ? 'the end of the file' : JSON.stringify(text[i]));
  const fail = (expected: string): never => {
    throw new Stop(i, `expected ${expected}, found ${found()}`);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length) {
      const c = text[i] as string;
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i += 2;
            fail('four hex digits after \\u');
          }
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
          i += 2;
        } else {
          i++;
          fail('an escape character (one of " \\ / b f n r t u)');
        }
      } else if (c < ' ') {
        fail('the closing quote of the string (a line break inside a string must be written \\n)');
      } else {
        i++;
      }
    }
    fail('the closing quote of the string');
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail('a key in double quotes');
        string();
        space();
        if (text[i] !== ':') fail("':' after the key");
        i++;
        value();
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail("',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail("',' or ']'");
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(i, i + 400),
    );
    if (literal) {
      i += literal[0].length;
      return;
    }
    fail('a value');
  };
  try {
    if (text.trim() === '') return { offset: 0, message: 'the file is empty' };
    value();
    space();
    if (i < text.length) fail('the end of the file after the top-level value');
    return null;
  } catch (error) {
    if (error instanceof Stop) return { offset: error.offset, message: error.message };
    throw error;
  }
}
