import type { Options } from 'unplugin-icons';

/**
 * The module made for one icon: a React component that draws the SVG unplugin-icons hands over. Its markup
 * comes from the icon set at build time, never from data, so it is set as the element's inner HTML: no SVG
 * to JSX compiler (svgr and Babel) in the build or in every test worker.
 */
export function iconModule(svg: string): string {
  const match = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(svg.trim());
  if (!match) throw new Error(`Not an SVG element: ${svg.slice(0, 80)}`);
  const attributes: Record<string, string> = {};
  for (const [, name, value] of (match[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)) {
    if (name && value !== undefined) attributes[name === 'class' ? 'className' : name] = value;
  }
  return [
    "import { createElement } from 'react';",
    `const attributes = ${JSON.stringify(attributes)};`,
    `const inner = { __html: ${JSON.stringify(match[2] ?? '')} };`,
    'export default function Icon({ className, ...props }) {',
    '  return createElement("svg", {',
    '    ...attributes,',
    '    ...props,',
    '    className: className ? `${attributes.className} ${className}` : attributes.className,',
    '    dangerouslySetInnerHTML: inner,',
    '  });',
    '}',
  ].join('\n');
}

/**
 * Icons for the plain components (decision 0027): `import ExploreIcon from '~icons/ic/baseline-explore'` is a
 * small React component with the SVG inline, made at build time (Google's Material Icons from
 * @iconify-json/ic, the same glyphs as @mui/icons-material), so a page without MUI needs no icon runtime.
 * 1em square, the text's colour, hidden from assistive technology (the text beside an icon names it; an
 * icon that is the only content of a control gets its name from the control's aria-label).
 */
export const iconOptions: Options = {
  compiler: { compiler: iconModule, extension: 'js' },
  scale: 1,
  defaultClass: 'tp-icon',
  autoInstall: false,
  iconCustomizer(_collection, _icon, props) {
    props['aria-hidden'] = 'true';
    props.focusable = 'false';
  },
};
