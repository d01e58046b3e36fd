import type { Options } from 'unplugin-icons';

/**
 * Icons for the plain components (decision 0027): `import ExploreIcon from '~icons/ic/baseline-explore'` is
 * turned into a small React component with the SVG inline at build time (Google's Material Icons from
 * @iconify-json/ic, the same glyphs as @mui/icons-material), so a page without MUI needs no icon runtime.
 * 1em square, the text's colour, hidden from assistive technology (the text beside an icon names it; an
 * icon that is the only content of a control gets its name from the control's aria-label).
 */
export const iconOptions: Options = {
  compiler: 'jsx',
  jsx: 'react',
  scale: 1,
  defaultClass: 'tp-icon',
  autoInstall: false,
  iconCustomizer(_collection, _icon, props) {
    props['aria-hidden'] = 'true';
    props.focusable = 'false';
  },
};
