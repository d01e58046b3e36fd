import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@trailpass/contract/console';
import { Datagrid, DateField, DateInput, List, TextField, TextInput, useRecordContext } from 'react-admin';
import { VISUALLY_HIDDEN } from '../common/visuallyHidden';
import { useOfferScope } from '../useOfferScope';
import { changeLines } from './changes';

const filters = [
  <TextInput key="action" source="action" label="Action" alwaysOn resettable />,
  <TextInput key="staffEmail" source="staffEmail" label="Staff e-mail" alwaysOn resettable />,
  <TextInput key="objectType" source="objectType" label="Object type" alwaysOn resettable />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

/**
 * What an entry changed, one field a line: "points: 120 → 170". `label` is read by the Datagrid for the
 * column's header.
 */
function Changes(_props: { label: string }) {
  const entry = useRecordContext<AuditEntry>();
  if (!entry) return null;
  const lines = changeLines(entry.before, entry.after);
  if (lines.length === 0) return <span>No field changed</span>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, fontSize: '0.875rem' }}>
      {lines.map((line) => (
        <li key={line.field || 'value'}>
          {line.field && <strong>{line.field}: </strong>}
          <span>{line.before}</span>
          <span aria-hidden="true"> → </span>
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {' changed to '}
          </Box>
          <span>{line.after}</span>
        </li>
      ))}
    </Box>
  );
}

/** No change recorded at all yet (with a filter and no match, the grid says "No results found"). */
function NoChanges() {
  return (
    <Typography sx={{ p: 4, textAlign: 'center', width: '100%' }} color="text.secondary">
      No console change has been recorded for this partner yet.
    </Typography>
  );
}

/** Every console change of the open offer's partner, newest first, filtered and paged by the server. */
export function AuditList() {
  const { choice } = useOfferScope();
  return (
    <List
      title={choice ? `Audit log · ${choice.partnerName}` : 'Audit log'}
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      actions={false}
      empty={<NoChanges />}
      queryOptions={{ meta: { partnerId: choice?.partnerId } }}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="at" label="When" showTime />
        <TextField source="staffEmail" label="Who" sortable={false} />
        <TextField source="action" label="Action" sortable={false} />
        <TextField source="objectType" label="Object" sortable={false} />
        <TextField source="objectId" label="Object id" sortable={false} />
        <Changes label="Changes" />
      </Datagrid>
    </List>
  );
}
