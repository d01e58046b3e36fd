/**
 * Hidden from sight, read by a screen reader (the styles of MUI's `visuallyHidden`, which lives in
 * @mui/utils, a package the console does not depend on directly). For `sx`.
 */
export const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
