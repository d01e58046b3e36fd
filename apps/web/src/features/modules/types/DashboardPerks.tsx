import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Perk } from '@trailpass/contract';
import { HtmlView } from '../../../components/HtmlView';
import { Image } from '../../../components/Image';
import { heroUrl } from '../../../lib/media';
import { withHttps } from '../../../lib/url';
import { CardList } from '../components/CardList';
import { externalUrl } from '../components/item-links';
import { pick } from '../components/records';
import { TitledSection } from '../components/TitledSection';
import { useModuleContext } from '../context';
import { dataIds, type ModuleProps, moduleLabel } from '../types';

/**
 * A perk: picture, name, its HTML description (sanitised) and, when it has one, a link to the perk's
 * site. The description may hold links of its own, so the card is not one big link.
 */
function PerkCard({ perk }: { perk: Perk }) {
  // Partners type bare domains ("lakeshorekites.example"); they get https:// as websites do elsewhere.
  const href = externalUrl(withHttps(perk.url));
  return (
    <Card variant="outlined" sx={{ display: 'flex', gap: 1.5, p: 1.5, alignItems: 'flex-start' }}>
      <Image
        src={heroUrl(perk.media) ?? perk.media[0]?.url}
        alt=""
        className="tp-thumb"
      />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {perk.name}
        </Typography>
        <HtmlView
          html={perk.description}
          sx={{ typography: 'body2', color: 'text.secondary', '& p': { my: 0.5 } }}
        />
        {href && (
          <Link
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            aria-label={`Learn more about ${perk.name} (opens in a new tab)`}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
          >
            Visit website
            <OpenInNewIcon aria-hidden="true" sx={{ fontSize: '1em' }} />
          </Link>
        )}
      </Box>
    </Card>
  );
}

/** Spec 2.4 DashboardPerks: the pass's perks named by data.perks, in that order. */
export default function DashboardPerks({ module }: ModuleProps) {
  const { index } = useModuleContext();
  const perks = pick(dataIds(module, 'perks'), index.perks);
  if (perks.length === 0) return null;
  return (
    <TitledSection title={moduleLabel(module)}>
      {(headingId) => (
        <CardList
          items={perks}
          itemKey={(perk) => perk.id}
          labelledBy={headingId}
          label={module.name}
          renderItem={(perk) => <PerkCard perk={perk} />}
        />
      )}
    </TitledSection>
  );
}
