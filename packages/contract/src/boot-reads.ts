/**
 * A page's first answers, sent with the page (decision 0026): the server puts them in the page's HTML as
 * `<script type="application/json" id="tp-boot">`, and the app (lib/boot-reads.ts) and the service worker
 * (sw/embedded-reads.ts) read them from there. Only 200 answers are embedded, for the token in the page URL.
 */
export const BOOT_READS_ELEMENT_ID = 'tp-boot';

/** One embedded answer: its JSON body, and when the server made it (ms since the epoch, server clock). */
export interface EmbeddedRead {
  at: number;
  body: unknown;
}

export interface BootReadsDocument {
  /** When the server wrote the page (ms, server clock): with `at`, how old an answer was when the page left. */
  sentAt: number;
  /** By read key (page-reads.ts readKey: the API path and query under API_BASE, without the token). */
  reads: Record<string, EmbeddedRead>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The embedded document from its JSON text; null for anything malformed (the page then asks as usual). */
export function parseBootReads(text: string): BootReadsDocument | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.sentAt !== 'number' || !isRecord(parsed.reads)) return null;
  const reads: Record<string, EmbeddedRead> = {};
  for (const [key, read] of Object.entries(parsed.reads)) {
    if (key.startsWith('/') && isRecord(read) && typeof read.at === 'number' && 'body' in read) {
      reads[key] = { at: read.at, body: read.body };
    }
  }
  return { sentAt: parsed.sentAt, reads };
}
