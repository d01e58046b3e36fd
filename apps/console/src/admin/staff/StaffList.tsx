import GroupAddIcon from '@mui/icons-material/GroupAdd';
import GroupsIcon from '@mui/icons-material/Groups';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StaffMember } from '@trailpass/contract/console';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  TopToolbar,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import { removeStaff } from '../../api/staff';
import { roleAtLeast } from '../../auth/roles';
import { EmptyState } from '../common/EmptyState';
import { useConsoleCall } from '../common/useConsoleCall';
import { ConfirmDialog } from '../holders/ConfirmDialog';
import { useOfferScope } from '../useOfferScope';
import { AddStaffDialog } from './AddStaffDialog';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { nameOf, ROLE_LABELS } from './staffForm';

interface Partner {
  partnerId: number;
  partnerName: string;
}

function AddButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<GroupAddIcon />} onClick={onClick}>
      Add staff member
    </Button>
  );
}

/** A partner whose staff is empty: only a provider admin can see it (an owner is on the staff). */
function NoStaff({ partner, onAdd }: { partner: Partner; onAdd: () => void }) {
  return (
    <EmptyState icon={GroupsIcon} text={`${partner.partnerName} has no staff yet.`}>
      <AddButton onClick={onAdd} />
    </EmptyState>
  );
}

function LoadFailed() {
  const { error, refetch } = useListContext<StaffMember>();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" onClick={() => refetch()}>
          Try again
        </Button>
      }
    >
      {error?.message || 'The staff could not be loaded.'}
    </Alert>
  );
}

/** The staff's rows with their actions; `refusal` is the server's answer to a removal it would not make. */
function StaffRows(props: { partner: Partner; myId: string | undefined; onChanged: () => void }) {
  const { partner, myId } = props;
  const { refetch } = useListContext<StaffMember>();
  const notify = useNotify();
  const call = useConsoleCall();
  const [changing, setChanging] = useState<StaffMember | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmRemove(member: StaffMember) {
    setBusy(true);
    const outcome = await call(
      () => removeStaff(partner.partnerId, member.id),
      'The staff member could not be removed. Try again.',
    );
    setBusy(false);
    setRemoving(null);
    if (outcome.ok) {
      setRefusal(null);
      props.onChanged();
      notify(`${nameOf(member)} is no longer on the staff of ${partner.partnerName}.`, { type: 'success' });
      refetch();
    } else if (!outcome.signedOut) {
      // 409 for the last owner: the server says why and what to do.
      setRefusal(outcome.error.message);
      refetch();
    }
  }

  return (
    <>
      {refusal && (
        <Alert severity="warning" role="alert" onClose={() => setRefusal(null)} sx={{ m: 2 }}>
          {refusal}
        </Alert>
      )}
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField<StaffMember>
          label="Name"
          sortable={false}
          render={(member) => (
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {member.name || member.email}
                {member.id === myId ? ' (you)' : ''}
              </Box>
              <Typography component="span" variant="body2" color="text.secondary">
                {member.email}
              </Typography>
            </>
          )}
        />
        <FunctionField<StaffMember>
          label="Role"
          sortable={false}
          render={(member) => ROLE_LABELS[member.role]}
        />
        <FunctionField<StaffMember>
          label="Two-factor sign-in"
          sortable={false}
          render={(member) => (member.twoFactorEnabled ? 'On' : 'Off')}
        />
        <DateField
          source="lockedUntil"
          label="Locked until"
          showTime
          sortable={false}
          emptyText="Not locked"
        />
        <DateField source="createdAt" label="Account since" sortable={false} />
        <FunctionField<StaffMember>
          label="Actions"
          sortable={false}
          render={(member) => (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                size="small"
                variant="outlined"
                aria-label={`Change the role of ${nameOf(member)}`}
                onClick={() => setChanging(member)}
              >
                Change role
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                aria-label={`Remove ${nameOf(member)}`}
                onClick={() => setRemoving(member)}
              >
                Remove
              </Button>
            </Stack>
          )}
        />
      </Datagrid>
      <ChangeRoleDialog
        member={changing}
        partnerId={partner.partnerId}
        onClose={() => setChanging(null)}
        onDone={() => {
          setRefusal(null);
          props.onChanged();
          refetch();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${nameOf(removing)}?` : 'Remove staff member?'}
        confirmLabel="Remove"
        danger
        busy={busy}
        onConfirm={() => removing && confirmRemove(removing)}
        onClose={() => setRemoving(null)}
      >
        {removing && (
          <>
            {nameOf(removing)} will no longer open {partner.partnerName}’s offers in the console. Their
            account stays, with any other partner they work for; you can add them again later.
          </>
        )}
      </ConfirmDialog>
    </>
  );
}

/** The staff of the open offer's partner, which its owners manage (the server refuses anyone else). */
export function StaffList() {
  const { choice, session } = useOfferScope();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<StaffMember | null>(null);
  const refresh = useRefresh();
  if (!choice) {
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        Open an offer first: its partner’s staff are listed here.
      </Alert>
    );
  }
  const partner: Partner = { partnerId: choice.partnerId, partnerName: choice.partnerName };
  if (!roleAtLeast(choice.role, 'owner')) {
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        Only the owners of {partner.partnerName} manage its staff.
      </Alert>
    );
  }
  return (
    <>
      {added && (
        <Alert severity="success" role="status" onClose={() => setAdded(null)} sx={{ mt: 2 }}>
          {nameOf(added)} is now on the staff as {ROLE_LABELS[added.role].toLowerCase()}. If the address was
          new to the console, an invitation e-mail with a link to choose a password is on its way (valid for 7
          days); otherwise they sign in with their own password.
        </Alert>
      )}
      <List
        title={`Staff · ${partner.partnerName}`}
        pagination={false}
        perPage={1000}
        disableSyncWithLocation
        actions={
          <TopToolbar>
            <AddButton onClick={() => setAdding(true)} />
          </TopToolbar>
        }
        empty={<NoStaff partner={partner} onAdd={() => setAdding(true)} />}
        error={<LoadFailed />}
        // The list belongs to the open offer's partner: never served from another partner's cache.
        queryOptions={{ meta: { partnerId: partner.partnerId } }}
      >
        <StaffRows partner={partner} myId={session?.staff.id} onChanged={() => setAdded(null)} />
      </List>
      {/* Outside the list: an empty list renders its empty page instead of its children. */}
      <AddStaffDialog
        open={adding}
        partnerId={partner.partnerId}
        partnerName={partner.partnerName}
        onClose={() => setAdding(false)}
        onDone={(member) => {
          setAdded(member);
          refresh();
        }}
      />
    </>
  );
}
