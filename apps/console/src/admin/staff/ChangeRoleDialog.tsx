import type { PartnerRole, StaffMember } from '@trailpass/contract/console';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { changeStaffRole } from '../../api/staff';
import { FormDialog } from '../common/FormDialog';
import { useConsoleCall } from '../common/useConsoleCall';
import { RoleSelect } from './RoleSelect';
import { nameOf, ROLE_LABELS } from './staffForm';

/**
 * A new role for one staff member. The server refuses to demote the partner's last owner (409): its
 * message stays in the dialog, so the owner can pick another role or cancel.
 */
export function ChangeRoleDialog(props: {
  member: StaffMember | null;
  partnerId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const notify = useNotify();
  const call = useConsoleCall();
  const { member } = props;
  const [role, setRole] = useState<PartnerRole | ''>('');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setRole(member?.role ?? '');
    setFormError(null);
  }, [member]);

  async function submit() {
    if (!member || !role) return;
    if (role === member.role) {
      props.onClose();
      return;
    }
    setFormError(null);
    setBusy(true);
    const outcome = await call(
      () => changeStaffRole(props.partnerId, member.id, { role }),
      'The role could not be changed. Try again.',
    );
    setBusy(false);
    if (outcome.ok) {
      notify(`${nameOf(member)} is now ${ROLE_LABELS[outcome.value.role].toLowerCase()}.`, {
        type: 'success',
      });
      props.onClose();
      props.onDone();
    } else if (!outcome.signedOut) {
      setFormError(outcome.error.message);
    }
  }

  return (
    <FormDialog
      open={member !== null}
      title={member ? `Change the role of ${nameOf(member)}` : 'Change role'}
      submitLabel="Change role"
      busy={busy}
      formError={formError}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <RoleSelect value={role} autoFocus onChange={setRole} />
    </FormDialog>
  );
}
