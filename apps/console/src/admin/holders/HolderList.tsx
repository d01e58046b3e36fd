import PeopleIcon from '@mui/icons-material/People';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import {
  BooleanField,
  CreateButton,
  Datagrid,
  DateField,
  List,
  NumberField,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { Link } from 'react-router';
import { EmptyState } from '../common/EmptyState';
import { useOfferScope } from '../useOfferScope';

const filters = [<TextInput key="q" source="q" label="Search name or e-mail" alwaysOn resettable />];

function HolderListActions() {
  const { canWrite } = useOfferScope();
  return (
    <TopToolbar>
      {canWrite && <CreateButton label="Add holder" />}
      {canWrite && (
        <Button component={Link} to="/holders/import" startIcon={<UploadFileIcon />}>
          Import holders
        </Button>
      )}
    </TopToolbar>
  );
}

/** The offer has no holder at all yet (a search with no match shows the grid's own "no results"). */
function NoHolders() {
  const { canWrite, choice } = useOfferScope();
  return (
    <EmptyState
      icon={PeopleIcon}
      text={choice ? `${choice.offerName} has no holders yet.` : 'No offer is open.'}
    >
      {canWrite && (
        <>
          <CreateButton label="Add holder" variant="contained" />
          <Button component={Link} to="/holders/import" variant="outlined" startIcon={<UploadFileIcon />}>
            Import holders
          </Button>
        </>
      )}
    </EmptyState>
  );
}

/** The holders of the open offer: paged, sorted and searched by the server. */
export function HolderList() {
  const { choice } = useOfferScope();
  return (
    <List
      title={choice ? `Holders · ${choice.offerName}` : 'Holders'}
      filters={filters}
      actions={<HolderListActions />}
      empty={<NoHolders />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      // The list belongs to the open offer: its query must not be served from another offer's cache.
      queryOptions={{ meta: { offerId: choice?.offerId } }}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" label="Name" />
        <TextField source="email" label="E-mail" />
        <NumberField source="points" label="Points" />
        <DateField source="lastSeen" label="Last seen" showTime emptyText="Never" />
        <BooleanField source="hasLink" label="Pass link" sortable={false} />
      </Datagrid>
    </List>
  );
}
