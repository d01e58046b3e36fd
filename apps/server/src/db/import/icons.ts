/**
 * PNG install icons made from the offers' and partners' SVG icons at import (decision 0020): Safari takes
 * no SVG home-screen icon and Chromium wants bitmaps at 192 and 512 px, while partners supply SVGs.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  GENERATED_ICON_SIZES,
  type GeneratedIconSize,
  generatedIconUrl,
  INSTALL_ICON_LOCATIONS,
} from '@trailpass/contract';
import sharp from 'sharp';
import { MEDIA_URL_PREFIX } from '../paths.js';
import type { PassDocument } from './document.js';
import { type ImportIssue, pathStep } from './issues.js';
import { MEDIA_FILE } from './validate.js';

/** One PNG to write into the media folder. */
export interface RenderedIcon {
  /** File name in the media folder: `<name>.svg.<size>.png`. */
  file: string;
  png: Buffer;
}

interface SvgIcon {
  /** File name under the document's media/ folder. */
  file: string;
  /** JSON path of the media item's url, for the error. */
  path: string;
}

const INSTALL_LOCATIONS: ReadonlySet<string> = new Set(INSTALL_ICON_LOCATIONS);
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
/** The density (dpi) at which an SVG renders at its own width and height. */
const SVG_BASE_DENSITY = 72;

/** The `Icon196`/`Icon152` media of offers and partners that are SVG files of the document, each file once. */
export function svgIconsOf(doc: PassDocument): SvgIcon[] {
  const icons = new Map<string, SvgIcon>();
  const owners = [
    ...doc.partners.map((partner, i) => ({ media: partner.media, at: pathStep('$.partners', i) })),
    ...doc.offers.map((offer, i) => ({ media: offer.media, at: pathStep('$.offers', i) })),
  ];
  for (const { media, at } of owners) {
    (media ?? []).forEach((item, i) => {
      const file = MEDIA_FILE.exec(item.url)?.[1];
      if (!item.location || !INSTALL_LOCATIONS.has(item.location) || !file?.endsWith('.svg')) return;
      if (!icons.has(file)) icons.set(file, { file, path: `${pathStep(`${at}.media`, i)}.url` });
    });
  }
  return [...icons.values()];
}

/** The media-folder file name of the PNG made from `file` at `size`: the contract's URL rule. */
export function generatedIconFile(file: string, size: GeneratedIconSize): string {
  const url = generatedIconUrl(`${MEDIA_URL_PREFIX}${file}`, size);
  if (!url) throw new Error(`${file} is not an SVG media file`);
  return url.slice(MEDIA_URL_PREFIX.length);
}

/** Square PNGs of one SVG at each size: the whole image fitted inside, centred, on transparent. */
async function renderSvg(svg: Buffer): Promise<Array<{ size: GeneratedIconSize; png: Buffer }>> {
  const { format, width, height } = await sharp(svg).metadata();
  if (format !== 'svg') throw new Error(`it is not an SVG image (found ${format})`);
  const pngs: Array<{ size: GeneratedIconSize; png: Buffer }> = [];
  for (const size of GENERATED_ICON_SIZES) {
    // Rasterise at the target size rather than scale up a 72 dpi bitmap, which would be blurred.
    const density = (SVG_BASE_DENSITY * size) / Math.max(width, height, 1);
    const png = await sharp(svg, { density })
      .resize(size, size, { fit: 'contain', background: TRANSPARENT })
      .png()
      .toBuffer();
    pngs.push({ size, png });
  }
  return pngs;
}

/**
 * Renders the document's SVG icons in memory, before anything is written: an SVG that cannot be rendered
 * is an issue naming its file, and the import then writes nothing. A missing file is skipped (the
 * validation has already warned about it; the manifest lists no PNG for it).
 */
export async function renderIcons(
  baseDir: string,
  doc: PassDocument,
): Promise<{ icons: RenderedIcon[]; errors: ImportIssue[] }> {
  const icons: RenderedIcon[] = [];
  const errors: ImportIssue[] = [];
  for (const icon of svgIconsOf(doc)) {
    let svg: Buffer;
    try {
      svg = await readFile(path.resolve(baseDir, 'media', icon.file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    try {
      for (const { size, png } of await renderSvg(svg)) {
        icons.push({ file: generatedIconFile(icon.file, size), png });
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      errors.push({
        path: icon.path,
        message: `media/${icon.file} cannot be rendered as a PNG install icon: ${reason}`,
      });
    }
  }
  return { icons, errors };
}

/** Writes the rendered PNGs into the media folder, replacing those of an earlier import. */
export async function writeIcons(mediaDir: string, icons: readonly RenderedIcon[]): Promise<void> {
  await mkdir(mediaDir, { recursive: true });
  for (const icon of icons) await writeFile(path.join(mediaDir, icon.file), icon.png);
}
