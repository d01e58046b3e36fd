import MailIcon from '@mui/icons-material/Mail';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { ConsoleMessage, MessageStatus } from '@trailpass/contract/console';
import { useState } from 'react';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
  useNotify,
} from 'react-admin';
import { cancelMessage } from '../../api/messages';
import { EmptyState } from '../common/EmptyState';
import { useConsoleCall } from '../common/useConsoleCall';
import { ConfirmDialog } from '../holders/ConfirmDialog';
import { useOfferScope } from '../useOfferScope';
import { partnerTimeZone } from './partnerTimeZone';
import { formatInZone } from './zonedTime';

const STATUS_LABELS: Record<MessageStatus, string> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

const filters = [
  <TextInput key="q" source="q" label="Search titles" alwaysOn resettable />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    alwaysOn
    emptyText="Any"
    choices={Object.entries(STATUS_LABELS).map(([id, name]) => ({ id, name }))}
  />,
];

function MessageListActions() {
  const { canWrite } = useOfferScope();
  return <TopToolbar>{canWrite && <CreateButton label="New message" />}</TopToolbar>;
}

function NoMessages() {
  const { canWrite, choice } = useOfferScope();
  return (
    <EmptyState
      icon={MailIcon}
      text={choice ? `No message has been sent to ${choice.offerName}’s holders yet.` : 'No offer is open.'}
    >
      {canWrite && <CreateButton label="New message" variant="contained" />}
    </EmptyState>
  );
}

function Messages() {
  const { refetch } = useListContext<ConsoleMessage>();
  const { choice, canWrite, session } = useOfferScope();
  const { timeZone } = partnerTimeZone(session, choice?.partnerId);
  const notify = useNotify();
  const call = useConsoleCall();
  const [cancelling, setCancelling] = useState<ConsoleMessage | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmCancel(message: ConsoleMessage) {
    if (!choice) return;
    setBusy(true);
    const outcome = await call(
      () => cancelMessage(choice.offerId, message.id),
      'The message could not be cancelled. Try again.',
    );
    setBusy(false);
    setCancelling(null);
    if (outcome.ok) notify(`“${message.title}” will not be sent.`, { type: 'success' });
    else if (!outcome.signedOut) notify(outcome.error.message, { type: 'error' });
    refetch();
  }

  return (
    <>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField<ConsoleMessage> label="Title" sortBy="title" render={(m) => m.title} />
        <FunctionField<ConsoleMessage>
          label="To"
          sortable={false}
          render={(m) =>
            m.audience === 'holder' && m.holder
              ? `${m.holder.name} (${m.holder.email})`
              : `Every holder (${m.recipients})`
          }
        />
        <FunctionField<ConsoleMessage>
          label={`Send time (${timeZone})`}
          sortBy="sendAt"
          render={(m) => formatInZone(m.sendAt, timeZone)}
        />
        <FunctionField<ConsoleMessage>
          label="Status"
          sortable={false}
          render={(m) => (
            <Chip
              size="small"
              label={STATUS_LABELS[m.status]}
              color={m.status === 'scheduled' ? 'primary' : 'default'}
              variant={m.status === 'sent' ? 'filled' : 'outlined'}
            />
          )}
        />
        <FunctionField<ConsoleMessage>
          label="Read"
          sortable={false}
          render={(m) => (m.status === 'sent' ? `${m.read} of ${m.recipients}` : '—')}
        />
        <FunctionField<ConsoleMessage> label="By" sortable={false} render={(m) => m.createdBy} />
        {canWrite && (
          <FunctionField<ConsoleMessage>
            label="Actions"
            sortable={false}
            render={(m) =>
              m.status === 'scheduled' ? (
                <Button size="small" color="error" variant="outlined" onClick={() => setCancelling(m)}>
                  Cancel sending
                </Button>
              ) : null
            }
          />
        )}
      </Datagrid>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this message?"
        confirmLabel="Cancel sending"
        danger
        busy={busy}
        onClose={() => setCancelling(null)}
        onConfirm={() => cancelling && confirmCancel(cancelling)}
      >
        {cancelling
          ? `“${cancelling.title}” was to go out ${formatInZone(cancelling.sendAt, timeZone)}. No holder will get it.`
          : ''}
      </ConfirmDialog>
    </>
  );
}

/** The open offer's messages, sent and scheduled, newest send time first, paged by the server. */
export function MessageList() {
  const { choice } = useOfferScope();
  return (
    <List
      title={choice ? `Messages · ${choice.offerName}` : 'Messages'}
      filters={filters}
      actions={<MessageListActions />}
      empty={<NoMessages />}
      sort={{ field: 'sendAt', order: 'DESC' }}
      perPage={25}
      queryOptions={{ meta: { offerId: choice?.offerId } }}
    >
      <Messages />
    </List>
  );
}
