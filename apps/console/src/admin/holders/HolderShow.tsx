import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HolderDetail, HolderRow } from '@trailpass/contract/console';
import { useState } from 'react';
import { ListButton, Show, TopToolbar, useRecordContext, useShowContext } from 'react-admin';
import { useOfferScope } from '../useOfferScope';
import { AdjustPointsDialog } from './AdjustPointsDialog';
import { CheckInsTable, formatDateTime, LedgerTable, OrdersTable } from './HolderTables';
import { LinkActions } from './LinkActions';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The list's row stands in for the record while its page loads (react-admin's placeholder): it has the
 * facts but not the ledger, orders, check-ins or deals.
 */
function isDetail(record: HolderRow | HolderDetail): record is HolderDetail {
  return 'ledger' in record && Array.isArray(record.ledger);
}

function HolderPage() {
  const { record, refetch } = useShowContext<HolderDetail | HolderRow>();
  const { choice, canWrite } = useOfferScope();
  const [adjusting, setAdjusting] = useState(false);
  if (!record || !choice) return null;
  if (!isDetail(record)) {
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={`Loading ${record.name}`} />
      </Box>
    );
  }
  return (
    <Box sx={{ p: 2 }}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          gap: 2,
          mt: 0,
          mb: 2,
        }}
      >
        <Fact label="E-mail" value={record.email} />
        <Fact label="Phone" value={record.phone ?? '—'} />
        <Fact label="Points" value={new Intl.NumberFormat().format(record.points)} />
        <Fact label="Last seen" value={formatDateTime(record.lastSeen) || 'Never'} />
        <Fact label="Pass link" value={record.hasLink ? 'Active' : 'None'} />
        <Fact label="May be contacted" value={record.contactPermission ? 'Yes' : 'No'} />
      </Box>
      {canWrite && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <Button variant="contained" onClick={() => setAdjusting(true)}>
            Adjust points
          </Button>
          <LinkActions offerId={choice.offerId} holder={record} onChanged={() => refetch()} />
        </Stack>
      )}
      {canWrite && (
        <AdjustPointsDialog
          open={adjusting}
          offerId={choice.offerId}
          holder={record}
          onClose={() => setAdjusting(false)}
          onDone={() => refetch()}
        />
      )}
      <LedgerTable ledger={record.ledger} />
      <OrdersTable orders={record.orders} />
      <CheckInsTable checkIns={record.checkIns} />
    </Box>
  );
}

function HolderTitle() {
  const record = useRecordContext<HolderDetail>();
  return <span>{record ? record.name : 'Holder'}</span>;
}

/** One holder of the open offer: their details, points ledger, orders and check-ins, and the actions. */
export function HolderShow() {
  const { choice } = useOfferScope();
  return (
    <Show
      title={<HolderTitle />}
      actions={
        <TopToolbar>
          <ListButton label="All holders" />
        </TopToolbar>
      }
      queryOptions={{ meta: { offerId: choice?.offerId } }}
    >
      <HolderPage />
    </Show>
  );
}
