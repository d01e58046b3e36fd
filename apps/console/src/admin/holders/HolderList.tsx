import PeopleIcon from '@mui/icons-material/People';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
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
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <PeopleIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h6" component="p">
        {choice ? `${choice.offerName} has no holders yet.` : 'No offer is open.'}
      </Typography>
      {canWrite && (
        <Box sx={{ mt: 2, display: 'flex', gap: 1, justifyContent: 'center' }}>
          <CreateButton label="Add holder" variant="contained" />
          <Button component={Link} to="/holders/import" variant="outlined" startIcon={<UploadFileIcon />}>
            Import holders
          </Button>
        </Box>
      )}
    </Box>
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
