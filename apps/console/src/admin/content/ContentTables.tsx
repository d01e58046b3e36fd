import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type {
  CatalogueDeal,
  CatalogueProduct,
  CatalogueReward,
  CatalogueVenue,
  ContentCatalogue,
} from '@trailpass/contract/console';
import { type ReactNode, useId, useState } from 'react';
import { formatInZone } from '../messages/zonedTime';
import { type PreviewTarget, pageOf, priceLines, stockLines, typeLabel } from './catalogue';

const PAGE_SIZES = [10, 25, 50, 100];

/** What a row's buttons do; absent for a viewer, who sees no button that changes anything. */
export interface ContentActions {
  /** A provider admin may change the code of a venue shared with another partner. */
  mayChangeSharedCodes: boolean;
  editReward: (reward: CatalogueReward) => void;
  changeDate: (deal: CatalogueDeal) => void;
  newCode: (venue: CatalogueVenue) => void;
  preview: (target: PreviewTarget) => void;
}

/** Lines of text in one cell. */
function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line) => (
        <Box component="span" key={line} sx={{ display: 'block' }}>
          {line}
        </Box>
      ))}
    </>
  );
}

/**
 * A table of one tab's rows, paged here: the catalogue comes whole (one offer's content is one import
 * document's worth, tens to hundreds of rows), so searching and paging need no round trip.
 */
function PagedTable<T>(props: {
  label: string;
  columns: string[];
  rows: readonly T[];
  row: (item: T) => ReactNode;
}) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const shown = pageOf(props.rows, page, perPage);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={props.label}>
          <TableHead>
            <TableRow>
              {props.columns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{shown.rows.map(props.row)}</TableBody>
        </Table>
      </TableContainer>
      {props.rows.length > (PAGE_SIZES[0] as number) && (
        <TablePagination
          component="div"
          count={props.rows.length}
          page={shown.page}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </>
  );
}

const withActions = (columns: string[], actions: ContentActions | null) =>
  actions ? [...columns, 'Actions'] : columns;

export function RewardTable(props: {
  rows: CatalogueReward[];
  actions: ContentActions | null;
  label: string;
}) {
  const { actions } = props;
  return (
    <PagedTable
      label={props.label}
      columns={withActions(['Reward', 'Deal', 'Points price', 'Stock'], actions)}
      rows={props.rows}
      row={(reward) => (
        <TableRow key={reward.id}>
          <TableCell component="th" scope="row">
            {reward.name}
          </TableCell>
          <TableCell>{reward.dealName ?? '—'}</TableCell>
          <TableCell>
            <Lines lines={priceLines(reward)} />
          </TableCell>
          <TableCell>
            <Lines lines={stockLines(reward)} />
          </TableCell>
          {actions && (
            <TableCell>
              <Button
                size="small"
                variant="outlined"
                aria-label={`Edit ${reward.name}`}
                onClick={() => actions.editReward(reward)}
              >
                Edit
              </Button>
            </TableCell>
          )}
        </TableRow>
      )}
    />
  );
}

export function DealTable(props: {
  rows: CatalogueDeal[];
  actions: ContentActions | null;
  label: string;
  timeZone: string;
  now: number;
}) {
  const { actions, timeZone } = props;
  return (
    <PagedTable
      label={props.label}
      columns={withActions(['Deal', 'Points', `Date (${timeZone})`], actions)}
      rows={props.rows}
      row={(deal) => (
        <TableRow key={deal.id}>
          <TableCell component="th" scope="row">
            {deal.name}
          </TableCell>
          <TableCell>{deal.usePoints ? 'Earns points' : 'No points'}</TableCell>
          <TableCell>
            {deal.pointsValidUntil === null
              ? 'No date'
              : `${formatInZone(deal.pointsValidUntil, timeZone)}${Date.parse(deal.pointsValidUntil) <= props.now ? ' (passed)' : ''}`}
          </TableCell>
          {actions && (
            <TableCell>
              <Button
                size="small"
                variant="outlined"
                aria-label={`Change the date of ${deal.name}`}
                onClick={() => actions.changeDate(deal)}
              >
                Change date
              </Button>
            </TableCell>
          )}
        </TableRow>
      )}
    />
  );
}

/** A venue's actions: a new code (not for a venue another partner shares, but for a provider admin) and a preview. */
function VenueActions({ venue, actions }: { venue: CatalogueVenue; actions: ContentActions }) {
  const reasonId = useId();
  const locked = venue.shared && !actions.mayChangeSharedCodes;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          aria-label={`New check-in code for ${venue.name}`}
          aria-describedby={locked ? reasonId : undefined}
          disabled={locked}
          onClick={() => actions.newCode(venue)}
        >
          New check-in code
        </Button>
        <Button
          size="small"
          variant="outlined"
          aria-label={`Preview link for ${venue.name}`}
          onClick={() => actions.preview({ type: 'venue', venue })}
        >
          Preview link
        </Button>
      </Stack>
      {locked && (
        <Typography id={reasonId} variant="body2" color="text.secondary">
          Its code is shared with another partner: ask Trailpass support to change it.
        </Typography>
      )}
    </Stack>
  );
}

export function VenueTable(props: { rows: CatalogueVenue[]; actions: ContentActions | null; label: string }) {
  const { actions } = props;
  return (
    <PagedTable
      label={props.label}
      columns={withActions(['Venue', 'Address', 'Check-in code'], actions)}
      rows={props.rows}
      row={(venue) => (
        <TableRow key={venue.id}>
          <TableCell component="th" scope="row">
            <Box component="span" sx={{ display: 'block' }}>
              {venue.name}
            </Box>
            {venue.shared && (
              <Chip size="small" variant="outlined" label="Shared with another partner" sx={{ mt: 0.5 }} />
            )}
          </TableCell>
          <TableCell>{venue.address ?? '—'}</TableCell>
          <TableCell>{venue.hasCode ? 'Has a code' : 'No code'}</TableCell>
          {actions && (
            <TableCell>
              <VenueActions venue={venue} actions={actions} />
            </TableCell>
          )}
        </TableRow>
      )}
    />
  );
}

export function ProductTable(props: {
  rows: CatalogueProduct[];
  catalogue: ContentCatalogue;
  actions: ContentActions | null;
  label: string;
}) {
  const { actions, catalogue } = props;
  const deals = new Map(catalogue.deals.map((deal) => [deal.id, deal.name]));
  const venues = new Map(catalogue.venues.map((venue) => [venue.id, venue.name]));
  return (
    <PagedTable
      label={props.label}
      columns={withActions(['Product', 'Type', 'Deal', 'Venue'], actions)}
      rows={props.rows}
      row={(product) => (
        <TableRow key={product.id}>
          <TableCell component="th" scope="row">
            {product.name}
          </TableCell>
          <TableCell>{typeLabel(product.type)}</TableCell>
          <TableCell>
            {product.dealId === null ? 'Standalone' : (deals.get(product.dealId) ?? `Deal ${product.dealId}`)}
          </TableCell>
          <TableCell>
            {product.venueId === null ? '—' : (venues.get(product.venueId) ?? `Venue ${product.venueId}`)}
          </TableCell>
          {actions && (
            <TableCell>
              <Button
                size="small"
                variant="outlined"
                aria-label={`Preview link for ${product.name}`}
                onClick={() => actions.preview({ type: 'product', product })}
              >
                Preview link
              </Button>
            </TableCell>
          )}
        </TableRow>
      )}
    />
  );
}
