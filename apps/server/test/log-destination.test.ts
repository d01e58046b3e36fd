import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinePieces } from '../src/plugins/log-destination';

/** A destination that keeps what it is handed, as sonic-boom would write it. */
function recorder() {
  const pieces: string[] = [];
  let synced = 0;
  return {
    pieces,
    synced: () => synced,
    write(data: string) {
      pieces.push(data);
      return true;
    },
    flush(cb?: (error?: Error) => void) {
      cb?.();
    },
    flushSync() {
      synced++;
    },
  };
}

/** A log line; all of the same length. */
const line = (i: number) => `${JSON.stringify({ i: String(i).padStart(3, '0'), msg: 'x'.repeat(90) })}\n`;
const LINE_LENGTH = line(0).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('LinePieces, the log written in pieces (decision 0036)', () => {
  it('hands lines on joined, in order, once a piece holds 4 kB', () => {
    const out = recorder();
    const pieces = new LinePieces(out);
    const lines = Array.from({ length: 100 }, (_, i) => line(i));
    for (const l of lines) pieces.write(l);
    // Each piece is the lines that first reach 4,096 characters; the rest stays gathered until flushed.
    const perPiece = Math.ceil(4096 / LINE_LENGTH);
    expect(out.pieces.map((p) => p.length)).toEqual([perPiece * LINE_LENGTH, perPiece * LINE_LENGTH]);
    pieces.flush();
    expect(out.pieces.join('')).toBe(lines.join(''));
    expect(out.pieces).toHaveLength(3);
  });

  it('hands on what it holds within a quarter of a second, and at once when flushed synchronously', () => {
    vi.useFakeTimers();
    const out = recorder();
    const pieces = new LinePieces(out);
    pieces.write(line(1));
    expect(out.pieces).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(out.pieces).toEqual([line(1)]);
    pieces.write(line(2));
    pieces.flushSync();
    expect(out.pieces).toEqual([line(1), line(2)]);
    expect(out.synced()).toBe(1);
    // Nothing gathered: nothing handed on.
    vi.advanceTimersByTime(1000);
    expect(out.pieces).toHaveLength(2);
  });

  it('survives a destination that can no longer be written at exit', () => {
    const out = recorder();
    out.flushSync = () => {
      throw new Error('SonicBoom destroyed');
    };
    const pieces = new LinePieces(out);
    pieces.write(line(1));
    expect(() => pieces.flushSync()).not.toThrow();
    expect(out.pieces).toEqual([line(1)]);
  });
});
