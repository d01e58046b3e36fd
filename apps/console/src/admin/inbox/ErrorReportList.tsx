import BugReportIcon from '@mui/icons-material/BugReport';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  TextInput,
  useListContext,
} from 'react-admin';
import { setErrorGroupHandled } from '../../api/inbox';
import { ERROR_SCOPE_FILTER, OFFERLESS_ERRORS, offerlessErrors } from '../../api/queries';
import { EmptyState } from '../common/EmptyState';
import { formatDateTime } from '../holders/HolderTables';
import type { ErrorGroupRecord } from '../records';
import { useOfferScope } from '../useOfferScope';
import { HandledButton } from './HandledButton';
import { HANDLED_CHOICES } from './InboxList';

const filters = [
  <TextInput key="q" source="q" label="Search name or message" alwaysOn resettable />,
  <SelectInput
    key="handled"
    source="handled"
    label="Status"
    alwaysOn
    choices={HANDLED_CHOICES}
    emptyText="Needs handling"
  />,
];

/**
 * A provider admin's extra filter: the open offer's reports, or those sent without an offer (from a page of
 * no pass: an unregistered venue link, say), which belong to no partner and only they see.
 */
const providerFilters = [
  ...filters,
  <SelectInput
    key={ERROR_SCOPE_FILTER}
    source={ERROR_SCOPE_FILTER}
    label="Reports of"
    alwaysOn
    choices={[{ id: OFFERLESS_ERRORS, name: 'No offer (provider admins only)' }]}
    emptyText="The open offer"
  />,
];

/**
 * A group's latest report in full, behind a native disclosure (keyboard and screen readers know it; the
 * grid's own expand button is hidden from them): the stack as written, wrapped, and where it happened.
 */
function ErrorDetails({ group }: { group: ErrorGroupRecord }) {
  return (
    <Box component="details" sx={{ mt: 0.5, '& > summary': { cursor: 'pointer', color: 'primary.main' } }}>
      <summary>Latest report</summary>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={`Stack of ${group.name ?? 'the error'}`}
        sx={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontSize: '0.8125rem',
          bgcolor: 'grey.100',
          p: 1.5,
          borderRadius: 1,
          maxHeight: 320,
          overflow: 'auto',
        }}
      >
        {group.stack ?? 'No stack was sent.'}
      </Box>
      <Typography variant="body2">Page: {group.url}</Typography>
      {group.release && <Typography variant="body2">Release: {group.release}</Typography>}
      {group.userAgent && <Typography variant="body2">Browser: {group.userAgent}</Typography>}
    </Box>
  );
}

function Groups() {
  const { refetch, filterValues } = useListContext<ErrorGroupRecord>();
  const { choice, canWrite } = useOfferScope();
  // The reports without an offer are handled on their own path (no offer in it).
  const offerId = offerlessErrors(filterValues) ? null : (choice?.offerId ?? null);
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<NoErrors />}>
      <FunctionField<ErrorGroupRecord>
        label="Error"
        sortable={false}
        render={(group) => (
          <Box sx={{ maxWidth: 520, wordBreak: 'break-word' }}>
            <strong>{group.name ?? 'Error'}</strong>: {group.message}
            <ErrorDetails group={group} />
          </Box>
        )}
      />
      <NumberField source="count" label="Reports" />
      <NumberField source="holders" label="Holders" sortable={false} />
      <DateField source="firstSeen" label="First seen" showTime />
      <DateField source="lastSeen" label="Last seen" showTime />
      <FunctionField<ErrorGroupRecord>
        label="Status"
        sortable={false}
        render={(group) =>
          group.handled
            ? `Handled ${formatDateTime(group.handledAt)}${group.handledBy ? ` by ${group.handledBy}` : ''}`
            : group.handledAt
              ? 'Reported again since it was handled'
              : 'Needs handling'
        }
      />
      {canWrite && choice && (
        <FunctionField<ErrorGroupRecord>
          label="Actions"
          sortable={false}
          render={(group) => (
            <HandledButton
              handled={group.handled}
              what={`The error “${group.message.slice(0, 60)}”`}
              setHandled={(handled) =>
                setErrorGroupHandled({ offerId, fingerprint: group.fingerprint }, handled)
              }
              onDone={() => refetch()}
            />
          )}
        />
      )}
    </Datagrid>
  );
}

function NoErrors() {
  return <EmptyState icon={BugReportIcon} text="No error reports with these filters." />;
}

/**
 * The errors the holder's app reported for the open offer, grouped (same name, message and stack), with
 * how often and when; a row opens to the latest report's stack. A provider admin can switch to the reports
 * sent without an offer.
 */
export function ErrorReportList() {
  const { choice, session } = useOfferScope();
  return (
    <List
      title={choice ? `Error reports · ${choice.offerName}` : 'Error reports'}
      filters={session?.staff.isProviderAdmin ? providerFilters : filters}
      sort={{ field: 'lastSeen', order: 'DESC' }}
      perPage={25}
      actions={false}
      empty={false}
      queryOptions={{ meta: { offerId: choice?.offerId } }}
    >
      <Groups />
    </List>
  );
}
