import InboxIcon from '@mui/icons-material/Inbox';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { InboxKind } from '@trailpass/contract/console';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  useListContext,
} from 'react-admin';
import { setItemHandled } from '../../api/inbox';
import { EmptyState } from '../common/EmptyState';
import { formatDateTime } from '../holders/HolderTables';
import type { InboxRecord } from '../records';
import { useOfferScope } from '../useOfferScope';
import { HandledButton } from './HandledButton';
import { orderLine } from './orderLine';

const KIND_LABELS: Record<InboxKind, string> = { suggestion: 'Suggestion', help: 'Help request' };

/**
 * The lists' "handled" filter. No value is what still needs someone (the query mapping sends
 * handled=false, the contract's default), so the empty choice is that one.
 */
export const HANDLED_CHOICES = [
  { id: 'true', name: 'Handled' },
  { id: 'all', name: 'All' },
];

const filters = [
  <TextInput key="q" source="q" label="Search text or holder" alwaysOn resettable />,
  <SelectInput
    key="kind"
    source="kind"
    label="Kind"
    alwaysOn
    emptyText="Suggestions and help requests"
    choices={[
      { id: 'suggestion', name: 'Suggestions' },
      { id: 'help', name: 'Help requests' },
    ]}
  />,
  <SelectInput
    key="handled"
    source="handled"
    label="Status"
    alwaysOn
    choices={HANDLED_CHOICES}
    emptyText="Needs handling"
  />,
];

function Items() {
  const { refetch } = useListContext<InboxRecord>();
  const { choice, canWrite } = useOfferScope();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<NothingHere />}>
      <DateField source="createdAt" label="Received" showTime />
      <FunctionField<InboxRecord>
        label="Kind"
        sortable={false}
        render={(item) => (item.topic ? `${KIND_LABELS[item.kind]} · ${item.topic}` : KIND_LABELS[item.kind])}
      />
      <FunctionField<InboxRecord>
        label="Holder"
        sortable={false}
        render={(item) => (
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {item.holder.name}
            </Box>
            <Typography component="span" variant="body2" color="text.secondary">
              {item.holder.email}
            </Typography>
          </>
        )}
      />
      <FunctionField<InboxRecord>
        label="Message"
        sortable={false}
        render={(item) => (
          // The holder's own words: text, never HTML.
          <Box sx={{ whiteSpace: 'pre-wrap', maxWidth: 480 }}>
            {item.text}
            {item.order && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {orderLine(item.order)}
              </Typography>
            )}
            {item.priority && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Priority: {item.priority}
                {item.contactPermission !== null &&
                  ` · ${item.contactPermission ? 'may be contacted' : 'does not want to be contacted'}`}
              </Typography>
            )}
          </Box>
        )}
      />
      <FunctionField<InboxRecord>
        label="Status"
        sortable={false}
        render={(item) =>
          item.handledAt
            ? `Handled ${formatDateTime(item.handledAt)}${item.handledBy ? ` by ${item.handledBy}` : ''}`
            : 'Needs handling'
        }
      />
      {canWrite && choice && (
        <FunctionField<InboxRecord>
          label="Actions"
          sortable={false}
          render={(item) => (
            <HandledButton
              handled={item.handledAt !== null}
              what={`${KIND_LABELS[item.kind]} from ${item.holder.name}`}
              setHandled={(handled) =>
                setItemHandled({ offerId: choice.offerId, kind: item.kind, itemId: item.itemId }, handled)
              }
              onDone={() => refetch()}
            />
          )}
        />
      )}
    </Datagrid>
  );
}

function NothingHere() {
  return <EmptyState icon={InboxIcon} text="Nothing here with these filters." />;
}

/** Holders' suggestions and help requests (with the order they are about), newest first. */
export function InboxList() {
  const { choice } = useOfferScope();
  return (
    <List
      title={choice ? `Inbox · ${choice.offerName}` : 'Inbox'}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={false}
      empty={false}
      queryOptions={{ meta: { offerId: choice?.offerId } }}
    >
      <Items />
    </List>
  );
}
