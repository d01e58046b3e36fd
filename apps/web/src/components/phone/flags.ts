/**
 * Flag pictures for the phone input, bundled with the app (no CDN): country-flag-icons' 3x2 SVGs, each
 * emitted as its own file (`no-inline`), so this map is only paths and a flag is fetched when an <img>
 * shows it. They are served from our origin, which the CSP's img-src 'self' allows. The package does not
 * export the SVG files, hence the path to them (the workspace root's node_modules, where npm installs it).
 */
const FLAG_FILES = import.meta.glob<string>('./[A-Z][A-Z].svg', {
  base: '../../../../../node_modules/country-flag-icons/3x2/',
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

// Keys are "./US.svg" (relative to the base): the code is the two letters before ".svg".
const FLAG_URLS = new Map(
  Object.entries(FLAG_FILES).map(([path, url]) => [path.slice(-6, -4), url] as const),
);

/** The flag picture of a two-letter country code, or null when the package has none. */
export function flagUrl(country: string): string | null {
  return FLAG_URLS.get(country) ?? null;
}
