import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { FulfilmentKind } from '@trailpass/contract/console';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  TextInput,
  useListContext,
  useNotify,
} from 'react-admin';
import { markPickedUp } from '../../api/fulfilment';
import { FULFILMENT_TABS } from '../../api/queries';
import { EmptyState } from '../common/EmptyState';
import { useConsoleCall } from '../common/useConsoleCall';
import { ConfirmDialog } from '../holders/ConfirmDialog';
import type { FulfilmentRecord } from '../records';
import { useOfferScope } from '../useOfferScope';
import { CancelItemDialog } from './CancelItemDialog';
import { pickupLines, shipToLines } from './places';
import { ShipDialog } from './ShipDialog';

const TAB_LABELS: Record<FulfilmentKind, string> = { shipped: 'To ship', pickup: 'Pickups pending' };
const filters = [<TextInput key="q" source="q" label="Search holder or reward" alwaysOn resettable />];

function currentTab(filterValues: Record<string, unknown>): FulfilmentKind {
  return FULFILMENT_TABS.find((tab) => tab === filterValues.kind) ?? 'shipped';
}

/** Lines of text, one per line, for an address or a pickup. */
function Lines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <span>—</span>;
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Box>
  );
}

type Pending = { action: 'ship' | 'pickup' | 'cancel'; item: FulfilmentRecord } | null;

/** The queue's rows, with the actions of a manager (a viewer sees the rows only). */
function Queue() {
  const { filterValues, setFilters, displayedFilters, refetch } = useListContext<FulfilmentRecord>();
  const { choice, canWrite } = useOfferScope();
  const notify = useNotify();
  const call = useConsoleCall();
  const [pending, setPending] = useState<Pending>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tab = currentTab(filterValues);
  const offerId = choice?.offerId ?? 0;

  const done = () => {
    setPending(null);
    refetch();
  };
  // Someone else acted on the item first: say what the server says, and show the queue as it now is.
  const onConflict = (message: string) => {
    setPending(null);
    setConflict(message);
    refetch();
  };

  async function confirmPickup(item: FulfilmentRecord) {
    setBusy(true);
    const outcome = await call(
      () => markPickedUp({ offerId, itemId: item.itemId }),
      'The item could not be marked picked up. Try again.',
    );
    setBusy(false);
    if (outcome.ok) {
      notify(`${item.reward} for ${item.holder.name} is marked picked up.`, { type: 'success' });
      done();
    } else if (!outcome.signedOut) {
      if (outcome.error.status === 409) onConflict(outcome.error.message);
      else notify(outcome.error.message, { type: 'error' });
    }
  }

  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, next: FulfilmentKind) => {
          setConflict(null);
          setFilters({ ...filterValues, kind: next }, displayedFilters);
        }}
        aria-label="Fulfilment queues"
        sx={{ px: 2 }}
      >
        {FULFILMENT_TABS.map((kind) => (
          <Tab key={kind} value={kind} label={TAB_LABELS[kind]} id={`fulfilment-tab-${kind}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`fulfilment-tab-${tab}`}>
        {conflict && (
          <Alert severity="warning" role="alert" onClose={() => setConflict(null)} sx={{ m: 2 }}>
            {conflict}
          </Alert>
        )}
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyQueue tab={tab} />}>
          <FunctionField<FulfilmentRecord>
            label="Holder"
            sortBy="holder"
            render={(row) => (
              <>
                <Box component="span" sx={{ display: 'block' }}>
                  {row.holder.name}
                </Box>
                <Typography component="span" variant="body2" color="text.secondary">
                  {row.holder.email}
                </Typography>
              </>
            )}
          />
          <FunctionField<FulfilmentRecord>
            label="Reward"
            sortBy="reward"
            render={(row) => (row.option ? `${row.reward} (${row.option})` : row.reward)}
          />
          {tab === 'shipped' ? (
            <FunctionField<FulfilmentRecord>
              label="Ship to"
              sortable={false}
              render={(row) => <Lines lines={shipToLines(row.shipTo)} />}
            />
          ) : (
            <FunctionField<FulfilmentRecord>
              label="Pickup"
              sortable={false}
              render={(row) => <Lines lines={pickupLines(row.pickup)} />}
            />
          )}
          <NumberField source="points" label="Points" sortable={false} />
          <DateField source="claimedAt" label="Claimed" showTime sortBy="claimedAt" />
          {canWrite && (
            <FunctionField<FulfilmentRecord>
              label="Actions"
              sortable={false}
              render={(row) => (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Button
                    size="small"
                    variant="contained"
                    onClick={() =>
                      setPending({ action: row.kind === 'pickup' ? 'pickup' : 'ship', item: row })
                    }
                  >
                    {row.kind === 'pickup' ? 'Mark picked up' : 'Mark shipped'}
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    onClick={() => setPending({ action: 'cancel', item: row })}
                  >
                    Cancel item
                  </Button>
                </Stack>
              )}
            />
          )}
        </Datagrid>
      </Box>
      {canWrite && (
        <>
          <ShipDialog
            offerId={offerId}
            item={pending?.action === 'ship' ? pending.item : null}
            onClose={() => setPending(null)}
            onDone={done}
            onConflict={onConflict}
          />
          <CancelItemDialog
            offerId={offerId}
            item={pending?.action === 'cancel' ? pending.item : null}
            onClose={() => setPending(null)}
            onDone={done}
            onConflict={onConflict}
          />
          <ConfirmDialog
            open={pending?.action === 'pickup'}
            title="Mark picked up?"
            confirmLabel="Mark picked up"
            busy={busy}
            onClose={() => setPending(null)}
            onConfirm={() => pending && confirmPickup(pending.item)}
          >
            {pending
              ? `${pending.item.holder.name} has collected ${pending.item.reward}. The item leaves the queue.`
              : ''}
          </ConfirmDialog>
        </>
      )}
    </>
  );
}

function EmptyQueue({ tab }: { tab: FulfilmentKind }) {
  return (
    <EmptyState
      icon={LocalShippingIcon}
      text={tab === 'shipped' ? 'Nothing is waiting to be shipped.' : 'No pickup is pending.'}
    />
  );
}

/**
 * The open offer's fulfilment queue: items to ship and pickups pending, one tab each (the tab is the
 * list's `kind` filter, so it is in the address and survives a reload), paged, sorted and searched by the
 * server.
 */
export function FulfilmentList() {
  const { choice } = useOfferScope();
  return (
    <List
      title={choice ? `Fulfilment · ${choice.offerName}` : 'Fulfilment'}
      filters={filters}
      filterDefaultValues={{ kind: 'shipped' }}
      sort={{ field: 'claimedAt', order: 'ASC' }}
      perPage={25}
      actions={false}
      // The empty state is the grid's own, under the tabs: an empty tab must still let one switch tabs.
      empty={false}
      queryOptions={{ meta: { offerId: choice?.offerId } }}
    >
      <Queue />
    </List>
  );
}
