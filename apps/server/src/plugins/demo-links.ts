import { readFile } from 'node:fs/promises';

export interface DemoLink {
  label: string;
  token: string;
  path: string | null;
  query: Record<string, string | number>;
}

/** The pass links of the demo file; the tokens come from the file because the database has only hashes. */
export async function readDemoLinks(file: string): Promise<DemoLink[]> {
  try {
    const doc = JSON.parse(await readFile(file, 'utf8')) as { passLinks?: unknown };
    if (!Array.isArray(doc.passLinks)) return [];
    return doc.passLinks.flatMap((raw: Record<string, unknown>) =>
      typeof raw.token === 'string'
        ? [
            {
              label: typeof raw.label === 'string' ? raw.label : `link ${String(raw.id)}`,
              token: raw.token,
              path: typeof raw.path === 'string' ? raw.path : null,
              query: (raw.query ?? {}) as Record<string, string | number>,
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

export function linkUrl(origin: string, link: DemoLink): string {
  const params = new URLSearchParams({ t: link.token });
  for (const [key, value] of Object.entries(link.query)) params.append(key, String(value));
  return `${origin}${link.path ?? '/pass/'}?${params.toString()}`;
}
