import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import DownloadIcon from '@mui/icons-material/Download';
import EventIcon from '@mui/icons-material/Event';
import HistoryIcon from '@mui/icons-material/History';
import PlaceIcon from '@mui/icons-material/Place';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import type SvgIcon from '@mui/material/SvgIcon';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogueDeal,
  CatalogueReward,
  CatalogueVenue,
  ContentCatalogue,
} from '@trailpass/contract/console';
import { useEffect, useState } from 'react';
import { Title, useLogoutIfAccessDenied } from 'react-admin';
import { useSearchParams } from 'react-router';
import { getContent } from '../../api/content';
import { ApiError } from '../../api/errors';
import type { OfferChoice } from '../../auth/roles';
import { EmptyState } from '../common/EmptyState';
import { retryUnlessRefused } from '../common/queryRetry';
import { partnerTimeZone } from '../messages/partnerTimeZone';
import { useOfferScope } from '../useOfferScope';
import { type ContentActions, DealTable, ProductTable, RewardTable, VenueTable } from './ContentTables';
import { ContentVersionsDialog } from './ContentVersionsDialog';
import { matches, type PreviewTarget, typeLabel } from './catalogue';
import { DealDateDialog } from './DealDateDialog';
import { usableZone } from './dealForm';
import { contentExportFileName, contentExportHref } from './exportLink';
import { PreviewLinkDialog } from './PreviewLinkDialog';
import { RewardDialog } from './RewardDialog';
import { UploadContentDialog } from './UploadContentDialog';
import { VenueCodeDialog } from './VenueCodeDialog';

const TABS = ['rewards', 'deals', 'venues', 'products'] as const;
type ContentTab = (typeof TABS)[number];

const TAB_TEXT: Record<ContentTab, { label: string; one: string; icon: typeof SvgIcon }> = {
  rewards: { label: 'Rewards', one: 'reward', icon: CardGiftcardIcon },
  deals: { label: 'Deals', one: 'deal', icon: EventIcon },
  venues: { label: 'Venues', one: 'venue', icon: PlaceIcon },
  products: { label: 'Products', one: 'product', icon: ConfirmationNumberIcon },
};

/** The catalogue's cache key: one offer's content (the offer picker drops every query on a change). */
export const contentQueryKey = (offerId: number) => ['console-content', offerId] as const;

const number = new Intl.NumberFormat();

/** The rows of each tab that the search finds (every word, in any of the row's names). */
function filtered(catalogue: ContentCatalogue, search: string) {
  const dealNames = new Map(catalogue.deals.map((deal) => [deal.id, deal.name]));
  const venueNames = new Map(catalogue.venues.map((venue) => [venue.id, venue.name]));
  return {
    rewards: catalogue.rewards.filter((r) =>
      matches(search, [r.name, r.dealName, typeLabel(r.type), ...r.options.map((o) => o.name)]),
    ),
    deals: catalogue.deals.filter((d) => matches(search, [d.name])),
    venues: catalogue.venues.filter((v) => matches(search, [v.name, v.address])),
    products: catalogue.products.filter((p) =>
      matches(search, [
        p.name,
        typeLabel(p.type),
        p.dealId === null ? 'Standalone' : dealNames.get(p.dealId),
        p.venueId === null ? null : venueNames.get(p.venueId),
      ]),
    ),
  };
}

/** The open offer's content: four tabs, one search over them, and the quick edits of a manager. */
function Catalogue({
  choice,
  canWrite,
  fallbackZone,
}: {
  choice: OfferChoice;
  canWrite: boolean;
  fallbackZone: string;
}) {
  const offerId = choice.offerId;
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CatalogueReward | null>(null);
  const [dating, setDating] = useState<CatalogueDeal | null>(null);
  const [coding, setCoding] = useState<CatalogueVenue | null>(null);
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);

  const query = useQuery({
    queryKey: contentQueryKey(offerId),
    queryFn: ({ signal }) => getContent(offerId, signal),
    retry: retryUnlessRefused,
  });
  // A session that ended meanwhile sends the staff member to sign in, as react-admin's own reads do.
  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 401) void logoutIfAccessDenied(query.error);
  }, [query.error, logoutIfAccessDenied]);

  const tab = TABS.find((name) => name === params.get('tab')) ?? 'rewards';
  function openTab(next: ContentTab) {
    setParams(
      (current) => {
        current.set('tab', next);
        return current;
      },
      { replace: true },
    );
  }

  /** Puts the server's answer in place at once, then reads the whole catalogue again. */
  function saved(update: (catalogue: ContentCatalogue) => ContentCatalogue) {
    const key = contentQueryKey(offerId);
    queryClient.setQueryData<ContentCatalogue>(key, (current) => current && update(current));
    void queryClient.invalidateQueries({ queryKey: key });
  }

  if (query.isPending)
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label="Loading the content" />
      </Box>
    );
  if (query.isError && !query.data)
    return (
      <Alert
        severity="error"
        role="alert"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {query.error instanceof ApiError ? query.error.message : 'The content could not be loaded.'}
      </Alert>
    );

  const catalogue = query.data;
  const timeZone = usableZone(catalogue.timezone, fallbackZone);
  const found = filtered(catalogue, search);
  const text = TAB_TEXT[tab];
  const total = catalogue[tab].length;
  const shown = found[tab].length;
  const label = `${text.label} of ${catalogue.offerName}`;
  const actions: ContentActions | null = canWrite
    ? {
        mayChangeSharedCodes: choice.role === 'provider_admin',
        editReward: setEditing,
        changeDate: setDating,
        newCode: setCoding,
        preview: setPreviewing,
      }
    : null;
  // A new table for each tab and search: it starts on its first page.
  const tableKey = `${tab}|${search}`;

  return (
    <>
      {query.isError && (
        <Alert
          severity="warning"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          The content could not be read again; it is shown as it was.
        </Alert>
      )}
      <Tabs value={tab} onChange={(_, next: ContentTab) => openTab(next)} aria-label="Content" sx={{ px: 2 }}>
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={`${TAB_TEXT[name].label} (${number.format(catalogue[name].length)})`}
            id={`content-tab-${name}`}
            aria-controls={`content-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`content-panel-${tab}`} aria-labelledby={`content-tab-${tab}`} sx={{ pb: 1 }}>
        <Box sx={{ px: 2, pt: 2, pb: 1, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            type="search"
            size="small"
            label={`Search ${text.label.toLowerCase()}`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ width: 360, maxWidth: '100%' }}
          />
          <Typography role="status" variant="body2" color="text.secondary">
            {search.trim()
              ? `${number.format(shown)} of ${number.format(total)} ${total === 1 ? text.one : text.label.toLowerCase()}`
              : ''}
          </Typography>
        </Box>
        {total === 0 ? (
          <EmptyState icon={text.icon} text={`This offer has no ${text.label.toLowerCase()}.`} />
        ) : shown === 0 ? (
          <EmptyState icon={SearchOffIcon} text={`No ${text.one} matches “${search.trim()}”.`}>
            <Button variant="outlined" onClick={() => setSearch('')}>
              Clear search
            </Button>
          </EmptyState>
        ) : tab === 'rewards' ? (
          <RewardTable key={tableKey} rows={found.rewards} actions={actions} label={label} />
        ) : tab === 'deals' ? (
          <DealTable
            key={tableKey}
            rows={found.deals}
            actions={actions}
            label={label}
            timeZone={timeZone}
            now={query.dataUpdatedAt}
          />
        ) : tab === 'venues' ? (
          <VenueTable key={tableKey} rows={found.venues} actions={actions} label={label} />
        ) : (
          <ProductTable
            key={tableKey}
            rows={found.products}
            catalogue={catalogue}
            actions={actions}
            label={label}
          />
        )}
      </Box>
      {canWrite && (
        <>
          <RewardDialog
            offerId={offerId}
            ratio={catalogue.pointsRatio}
            reward={editing}
            onClose={() => setEditing(null)}
            onSaved={(reward) =>
              saved((c) => ({ ...c, rewards: c.rewards.map((r) => (r.id === reward.id ? reward : r)) }))
            }
          />
          <DealDateDialog
            offerId={offerId}
            timeZone={timeZone}
            deal={dating}
            onClose={() => setDating(null)}
            onSaved={(deal) =>
              saved((c) => ({ ...c, deals: c.deals.map((d) => (d.id === deal.id ? deal : d)) }))
            }
          />
          <VenueCodeDialog
            offerId={offerId}
            venue={coding}
            onClose={() => setCoding(null)}
            onChanged={() =>
              saved((c) => ({
                ...c,
                venues: c.venues.map((v) => (v.id === coding?.id ? { ...v, hasCode: true } : v)),
              }))
            }
          />
          <PreviewLinkDialog offerId={offerId} target={previewing} onClose={() => setPreviewing(null)} />
        </>
      )}
    </>
  );
}

/**
 * Issue 31 item 3: the open offer's rewards (points prices, stock), deals (dates), venues (check-in codes)
 * and products (preview links), changed here without an import file. The server sends the catalogue
 * whole, as one offer's content is one import document's worth, so the search and the paging are the
 * page's own. A viewer reads (and lists the content's versions); a manager and up also edit, export the
 * content as an import file (a zip of pass.json and its media, decision 0046), check an upload of one
 * against it (decision 0047), apply it, and download or restore a version (decision 0048).
 */
export function ContentPage() {
  const { choice, canWrite, session } = useOfferScope();
  const [uploading, setUploading] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const queryClient = useQueryClient();
  /** After an apply or a restore: the catalogue and the versions are read again. */
  function contentReplaced() {
    if (!choice) return;
    void queryClient.invalidateQueries({ queryKey: contentQueryKey(choice.offerId) });
    void queryClient.invalidateQueries({ queryKey: ['console-content-versions', choice.offerId] });
  }
  return (
    <Box>
      <Title title={choice ? `Content · ${choice.offerName}` : 'Content'} />
      <Card sx={{ mt: 1 }}>
        <Box sx={{ px: 2, pt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            Quick changes to this offer’s content, without an import file. Holders see them the next time
            their pass loads.
          </Typography>
          {/* A manager's and up: the file holds the venues' check-in codes (decision 0046). */}
          {choice && canWrite && (
            <Button
              component="a"
              href={contentExportHref(choice.offerId)}
              download={contentExportFileName(choice.offerId)}
              size="small"
              variant="outlined"
              startIcon={<DownloadIcon />}
            >
              Export content
            </Button>
          )}
          {choice && canWrite && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => setUploading(true)}
            >
              Upload content
            </Button>
          )}
          {choice && canWrite && (
            <UploadContentDialog
              offerId={choice.offerId}
              open={uploading}
              onClose={() => setUploading(false)}
              onApplied={contentReplaced}
            />
          )}
          {/* Viewers read the list; downloading (check-in codes) and restoring are a manager's. */}
          {choice && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<HistoryIcon />}
              onClick={() => setVersionsOpen(true)}
            >
              Versions
            </Button>
          )}
          {choice && (
            <ContentVersionsDialog
              offerId={choice.offerId}
              open={versionsOpen}
              canWrite={canWrite}
              onClose={() => setVersionsOpen(false)}
              onRestored={contentReplaced}
            />
          )}
        </Box>
        {choice ? (
          <Catalogue
            key={choice.offerId}
            choice={choice}
            canWrite={canWrite}
            fallbackZone={partnerTimeZone(session, choice.partnerId).timeZone}
          />
        ) : session ? (
          <Alert severity="info" sx={{ m: 2 }}>
            No offer is open: choose one in the bar above.
          </Alert>
        ) : (
          <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
            <CircularProgress aria-label="Loading the content" />
          </Box>
        )}
      </Card>
    </Box>
  );
}
