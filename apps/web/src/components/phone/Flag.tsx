import Box from '@mui/material/Box';
import { flagUrl } from './flags';

const FLAG_STYLE = {
  display: 'block',
  flexShrink: 0,
  borderRadius: 2,
  boxShadow: '0 0 0 1px rgba(0,0,0,0.12)',
};

/**
 * A country's flag at 3:2. Decorative: the country's name is always written beside it or in the
 * control's accessible name, so the picture has an empty alt. `plain` renders a bare <img> with inline
 * styles, for long lists where an sx per row costs too much.
 */
export function Flag({
  country,
  width = 24,
  plain = false,
}: {
  country: string;
  width?: number;
  plain?: boolean;
}) {
  const src = flagUrl(country);
  const height = Math.round((width * 2) / 3);
  if (!src)
    return <span aria-hidden="true" style={{ display: 'inline-block', flexShrink: 0, width, height }} />;
  if (plain) {
    return (
      <img
        src={src}
        alt=""
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        style={FLAG_STYLE}
      />
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      sx={FLAG_STYLE}
    />
  );
}
