import { existsSync } from 'node:fs';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../src/db/client';
import {
  type ImportResult,
  importPassFile,
  isDatabaseEmpty,
  type PassDocument,
  PassImportError,
} from '../../src/db/import';
import { DEMO_DIR, DEMO_FILE, dumpDatabase, readDemo, tempDir } from './fixtures';

const NOW = new Date('2025-06-15T03:00:00Z');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The demo's partner SVG icons (Visit Lakeshore's Icon196 and Icon152, Harbor Town's Icon196). */
const DEMO_ICONS = [
  'harbor-town-icon-196.svg',
  'visit-lakeshore-icon-152.svg',
  'visit-lakeshore-icon-196.svg',
];

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** A demo variant in a folder of its own whose media/ is a copy of the demo's plus `extraMedia`. */
async function writeDocument(change: (doc: PassDocument) => void, extraMedia: Record<string, string>) {
  const dir = await tempDir('trailpass-icons-');
  await cp(path.join(DEMO_DIR, 'media'), path.join(dir, 'media'), { recursive: true });
  for (const [name, content] of Object.entries(extraMedia)) {
    await writeFile(path.join(dir, 'media', name), content);
  }
  const doc = await readDemo();
  change(doc);
  const file = path.join(dir, 'pass.json');
  await writeFile(file, JSON.stringify(doc, null, 2));
  return file;
}

/** Points an offer's or partner's media item at another file. */
function setMediaUrl(items: PassDocument['partners'][number]['media'], id: number, url: string) {
  const item = items?.find((m) => m.id === id);
  if (!item) throw new Error(`no media item ${id}`);
  item.url = url;
}

describe('PNG install icons made at import (decision 0020)', () => {
  let mediaDir: string;
  let result: ImportResult;

  beforeAll(async () => {
    mediaDir = path.join(await tempDir(), 'media');
    result = await importPassFile(database.db, DEMO_FILE, { mediaDir, now: NOW });
  });

  it("renders each offer's and partner's SVG icon as 192 and 512 px PNGs beside it", async () => {
    const expected = DEMO_ICONS.flatMap((svg) => [`${svg}.192.png`, `${svg}.512.png`]);
    expect(result.media.icons.toSorted()).toEqual(expected);
    for (const file of expected) {
      const size = Number(/\.(\d+)\.png$/.exec(file)?.[1]);
      expect(pngSize(await readFile(path.join(mediaDir, file))), file).toEqual({ width: size, height: size });
    }
  });

  it('makes none for other media: logos, favicons, heroes', async () => {
    const pngs = (await readdir(mediaDir)).filter((file) => file.endsWith('.png'));
    expect(pngs.toSorted()).toEqual(result.media.icons.toSorted());
  });

  it('draws the picture, not an empty square', async () => {
    const { data, info } = await sharp(path.join(mediaDir, 'visit-lakeshore-icon-196.svg.512.png'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The icon's background is #0B6E8A edge to edge.
    const corner = [...data.subarray(0, info.channels)];
    expect(corner).toEqual([0x0b, 0x6e, 0x8a, 255]);
  });

  it('overwrites the PNGs of an earlier import when importing again', async () => {
    const file = path.join(mediaDir, 'harbor-town-icon-196.svg.192.png');
    await writeFile(file, 'stale');
    await importPassFile(database.db, DEMO_FILE, { mediaDir, now: NOW, replace: true });
    expect(pngSize(await readFile(file))).toEqual({ width: 192, height: 192 });
  });
});

describe('icons of other shapes and sources', () => {
  it('fits a wide SVG inside the square, centred on transparent', async () => {
    const wide =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#ff0000"/></svg>';
    // Offer 101's own Icon196, which wins over its partner's.
    const file = await writeDocument(
      (doc) => {
        doc.offers[0]?.media?.push({
          id: 9_901,
          location: 'Icon196',
          name: null,
          url: 'media/wide-icon.svg',
        });
      },
      { 'wide-icon.svg': wide },
    );
    const mediaDir = path.join(await tempDir(), 'media');
    const imported = await importPassFile(database.db, file, { mediaDir, now: NOW, replace: true });
    expect(imported.media.icons).toContain('wide-icon.svg.192.png');
    const { data, info } = await sharp(path.join(mediaDir, 'wide-icon.svg.192.png'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([192, 192, 4]);
    const pixel = (x: number, y: number) => [...data.subarray((y * 192 + x) * 4, (y * 192 + x) * 4 + 4)];
    expect(pixel(96, 4)[3]).toBe(0);
    expect(pixel(96, 187)[3]).toBe(0);
    expect(pixel(96, 96)).toEqual([255, 0, 0, 255]);
    expect(pixel(1, 96)).toEqual([255, 0, 0, 255]);
  });

  it('skips a missing SVG icon (a warning, as for any missing file) and a remote one', async () => {
    const file = await writeDocument((doc) => {
      const partner = doc.partners.find((p) => p.id === 1);
      setMediaUrl(partner?.media, 2004, 'media/no-such-icon.svg');
      setMediaUrl(partner?.media, 2005, 'https://cdn.example.com/icon-152.svg');
    }, {});
    const mediaDir = path.join(await tempDir(), 'media');
    const imported = await importPassFile(database.db, file, { mediaDir, now: NOW, replace: true });
    expect(imported.warnings).toContainEqual({
      path: '$.partners[0].media[3].url',
      message: expect.stringContaining('media/no-such-icon.svg'),
    });
    expect(imported.media.icons.toSorted()).toEqual([
      'harbor-town-icon-196.svg.192.png',
      'harbor-town-icon-196.svg.512.png',
    ]);
  });
});

describe('an SVG icon that cannot be rendered', () => {
  const brokenIcon = (doc: PassDocument) => {
    setMediaUrl(doc.partners.find((p) => p.id === 1)?.media, 2005, 'media/broken-icon.svg');
  };

  it('fails the import naming the file, and writes nothing: no rows, no media', async () => {
    const fresh = await openTestDatabase();
    try {
      const file = await writeDocument(brokenIcon, {
        'broken-icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"',
      });
      const mediaDir = path.join(await tempDir(), 'media');
      const error = await importPassFile(fresh.db, file, { mediaDir, now: NOW }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PassImportError);
      expect((error as PassImportError).code).toBe('invalid_file');
      expect((error as PassImportError).issues).toEqual([
        {
          path: '$.partners[0].media[4].url',
          message: expect.stringMatching(
            /^media\/broken-icon\.svg cannot be rendered as a PNG install icon: /,
          ),
        },
      ]);
      expect(await isDatabaseEmpty(fresh.db)).toBe(true);
      expect(existsSync(mediaDir)).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  it('names a bitmap that only calls itself .svg, and keeps the existing data with replace', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const dir = await tempDir();
    const file = await writeDocument(brokenIcon, {});
    await writeFile(path.join(path.dirname(file), 'media', 'broken-icon.svg'), png);
    const before = await dumpDatabase(database.db);
    const mediaDir = path.join(dir, 'media');
    const error = await importPassFile(database.db, file, { mediaDir, now: NOW, replace: true }).catch(
      (e: unknown) => e,
    );
    expect((error as PassImportError).issues).toEqual([
      {
        path: '$.partners[0].media[4].url',
        message:
          'media/broken-icon.svg cannot be rendered as a PNG install icon: it is not an SVG image (found png)',
      },
    ]);
    expect(await dumpDatabase(database.db)).toEqual(before);
    expect(existsSync(mediaDir)).toBe(false);
  });
});
