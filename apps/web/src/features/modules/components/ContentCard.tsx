import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { Image } from '../../../components/Image';
import { visuallyHidden } from '../../../components/visually-hidden';
import { AppLink } from '../../../lib/navigation';
import type { RouteTarget } from '../../../lib/routes';

/** Where a card leads: a route by name, an in-app path that already carries t, or another site. */
export type CardLink =
  | { kind: 'route'; to: RouteTarget }
  | { kind: 'path'; to: string }
  | { kind: 'external'; href: string };

const areaStyles = {
  flexGrow: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  justifyContent: 'flex-start',
} as const;

/**
 * A card of a module list: a picture in a fixed-ratio box (no layout shift while it loads), the name as
 * a heading and a few lines below. With a link, the picture, name and text are one link named by the
 * name alone (the text describes it). The footer sits outside the link, for chips or a second link.
 */
export function ContentCard({
  title,
  image,
  imageRatio = '16 / 9',
  children,
  footer,
  link,
  loading = 'lazy',
  headingLevel = 3,
}: {
  title: string;
  image: string | null;
  imageRatio?: string;
  children?: ReactNode;
  footer?: ReactNode;
  link: CardLink | null;
  loading?: 'lazy' | 'eager';
  /** h3 under a module's own heading; h2 on a page whose cards come right below its h1 (Rewards). */
  headingLevel?: 2 | 3;
}) {
  const titleId = useId();
  const bodyId = useId();

  const content = (
    <>
      <Image
        src={image}
        // The name is the heading right below; the picture adds nothing a screen reader needs.
        alt=""
        loading={loading}
        className="tp-img-cover"
        style={{ aspectRatio: imageRatio }}
      />
      <Box sx={{ p: 1.5 }}>
        <Typography
          id={titleId}
          component={headingLevel === 2 ? 'h2' : 'h3'}
          variant="subtitle1"
          sx={{ fontWeight: 600, lineHeight: 1.3 }}
        >
          {title}
          {link?.kind === 'external' && (
            <>
              <OpenInNewIcon aria-hidden="true" sx={{ fontSize: '1em', ml: 0.5, verticalAlign: '-0.1em' }} />
              <Box component="span" sx={visuallyHidden}>
                {' (opens in a new tab)'}
              </Box>
            </>
          )}
        </Typography>
        {children && (
          <Box id={bodyId} sx={{ mt: 0.5 }}>
            {children}
          </Box>
        )}
      </Box>
    </>
  );

  const labels = { 'aria-labelledby': titleId, 'aria-describedby': children ? bodyId : undefined };

  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {link?.kind === 'route' && (
        <CardActionArea component={AppLink} to={link.to} {...labels} sx={areaStyles}>
          {content}
        </CardActionArea>
      )}
      {link?.kind === 'path' && (
        <CardActionArea component={RouterLink} to={link.to} {...labels} sx={areaStyles}>
          {content}
        </CardActionArea>
      )}
      {link?.kind === 'external' && (
        <CardActionArea
          component="a"
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          {...labels}
          sx={areaStyles}
        >
          {content}
        </CardActionArea>
      )}
      {!link && <Box sx={{ flexGrow: 1 }}>{content}</Box>}
      {footer && <Box sx={{ px: 1.5, pb: 1.5 }}>{footer}</Box>}
    </Card>
  );
}
