import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HEADER_HEIGHT } from '../../components/layout';
import { AppLink, useAppNavigate } from '../../lib/navigation';
import type { RouteTarget } from '../../lib/routes';

/** Spec 9: header height 64; the logo fits in 32 x 128. */
const LOGO_MAX_HEIGHT = 32;
const LOGO_MAX_WIDTH = 128;

function Logo({ src, name }: { src: string | null; name: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed');
  if (!src || state === 'failed') {
    return (
      <Typography component="span" variant="subtitle1" noWrap sx={{ fontWeight: 600, maxWidth: 200 }}>
        {name}
      </Typography>
    );
  }
  return (
    <Box
      component="span"
      // A box of the logo's largest size, so nothing in the bar moves when the image arrives (layout shift).
      sx={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        height: LOGO_MAX_HEIGHT,
        width: LOGO_MAX_WIDTH,
      }}
    >
      {state === 'loading' && (
        <CircularProgress size={20} color="inherit" aria-label="Loading logo" sx={{ position: 'absolute' }} />
      )}
      <Box
        component="img"
        src={src}
        alt={name}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
        sx={{
          display: 'block',
          height: 'auto',
          width: 'auto',
          maxHeight: LOGO_MAX_HEIGHT,
          maxWidth: LOGO_MAX_WIDTH,
          objectFit: 'contain',
          visibility: state === 'loaded' ? 'visible' : 'hidden',
          // Out of the flow until it has its size, so its arrival moves nothing.
          position: state === 'loaded' ? 'static' : 'absolute',
        }}
      />
    </Box>
  );
}

export interface TopBarProps {
  logoUrl: string | null;
  name: string;
  /** In preview the back button is a fixed link to the preview target and the logo is not a link. */
  previewTarget: RouteTarget | null;
  isPreview: boolean;
  endSlot?: React.ReactNode;
}

export function TopBar({ logoUrl, name, previewTarget, isPreview, endSlot }: TopBarProps) {
  const navigate = useNavigate();
  const appNavigate = useAppNavigate();
  const location = useLocation();

  const back =
    isPreview && previewTarget ? (
      <IconButton edge="start" color="inherit" component={AppLink} to={previewTarget} aria-label="Back">
        <ArrowBackIcon />
      </IconButton>
    ) : (
      <IconButton
        edge="start"
        color="inherit"
        aria-label="Back"
        onClick={() => {
          // Opened straight from the pass link there is no in-app history to go back to.
          if (location.key === 'default') appNavigate('Experiences');
          else navigate(-1);
        }}
      >
        <ArrowBackIcon />
      </IconButton>
    );

  const logo = <Logo src={logoUrl} name={name} />;

  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Toolbar sx={{ minHeight: HEADER_HEIGHT, height: HEADER_HEIGHT }} variant="regular" disableGutters>
        <Box sx={{ width: 56, display: 'flex', justifyContent: 'center' }}>{back}</Box>
        <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
          {isPreview ? (
            logo
          ) : (
            <Box
              component={AppLink}
              to="Experiences"
              aria-label={`${name} home`}
              sx={{ display: 'inline-flex', alignItems: 'center', color: 'inherit', textDecoration: 'none' }}
            >
              {logo}
            </Box>
          )}
        </Box>
        <Box sx={{ width: 56, display: 'flex', justifyContent: 'center' }}>{endSlot}</Box>
      </Toolbar>
    </AppBar>
  );
}
