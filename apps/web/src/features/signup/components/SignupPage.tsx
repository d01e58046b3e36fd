import LanguageIcon from '@mui/icons-material/Language';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UnregisteredLink } from '@trailpass/contract';
import { useId } from 'react';
import { Image } from '../../../components/Image';
import { findMedia } from '../../../lib/media';
import { withHttps } from '../../../lib/url';
import { useAppData } from '../../app-data';
import { ModulePage } from '../../experiences';
import { groupByPartner, highlightLines } from './signup';

export const SIGNUP_HEADING = 'You Need to Register for this Pass to Check-in!';

function PassCard({ link }: { link: UnregisteredLink }) {
  const nameId = useId();
  const { pass } = link;
  const image = findMedia(pass.media, 'Header') ?? pass.media[0] ?? null;
  const highlights = highlightLines(pass.highlights);
  const href = withHttps(link.url);
  return (
    <Card component="article" variant="outlined" aria-labelledby={nameId}>
      <Image
        src={image?.url}
        alt={pass.name}
        className="tp-img-cover"
        style={{ display: 'block', height: 160 }}
      />
      <CardContent>
        <Typography id={nameId} component="h3" variant="h6" sx={{ mb: 1 }}>
          {pass.name}
        </Typography>
        {highlights.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {highlights.map((line, index) => (
              // Highlight lines may repeat; their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: static list
              <Typography component="li" variant="body2" key={index} sx={{ mb: 0.5 }}>
                {line}
              </Typography>
            ))}
          </Box>
        )}
      </CardContent>
      {href && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" href={href} rel="noreferrer" aria-describedby={nameId}>
            Sign Up Now
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** Spec 2.14: the only page of an unregistered venue link. */
export default function SignupPage() {
  const { data } = useAppData();
  const links = data?.unregistered_links ?? [];
  const venueName = data?.venue?.name;
  const partners = groupByPartner(links);

  return (
    <Box sx={{ p: 2, maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
        {SIGNUP_HEADING}
      </Typography>
      <Typography component="p" sx={{ mb: 3, color: 'text.secondary' }}>
        {venueName
          ? `${venueName} is part of the passes listed below.`
          : 'This venue is part of the passes listed below.'}{' '}
        Sign up for one of them to check in here.
      </Typography>
      {partners.length === 0 && (
        <Typography component="p" role="status">
          No passes are open for sign-up at this venue right now.
        </Typography>
      )}
      <Stack spacing={4}>
        {partners.map(({ partner, links: partnerLinks }) => {
          const logo = findMedia(partner.media, 'Logo') ?? findMedia(partner.media, 'HorizontalLogo');
          const website = withHttps(partner.website);
          return (
            <Box component="section" key={partner.id} aria-label={partner.name}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
                <Image
                  src={logo?.url}
                  alt={`${partner.name} logo`}
                  style={{ width: 56, height: 56, objectFit: 'contain', flexShrink: 0 }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h2" variant="h6">
                    {partner.name}
                  </Typography>
                  {website && (
                    <Link
                      href={website}
                      rel="noreferrer"
                      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, wordBreak: 'break-all' }}
                    >
                      <LanguageIcon fontSize="small" aria-hidden="true" />
                      {partner.website?.replace(/^https?:\/\//i, '')}
                    </Link>
                  )}
                </Box>
              </Stack>
              <Stack spacing={2}>
                {partnerLinks.map((link) => (
                  <PassCard key={link.pass.id} link={link} />
                ))}
              </Stack>
            </Box>
          );
        })}
      </Stack>
      {data?.venue && (
        // The venue's own page for visitors (spec 6: module assignments use the unregistered endpoints).
        <Box sx={{ mt: 4, mx: -2 }}>
          <ModulePage
            page="venue"
            appData={data}
            request={{ type: 'venue', assignmentId: data.venue.id, location: 'pass', dealId: null }}
            venueId={data.venue.id}
            heading={null}
            quietErrors
          />
        </Box>
      )}
    </Box>
  );
}
