import type { PartnerRole, StaffMember } from '@trailpass/contract/console';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { changeStaffRole } from '../../api/staff';
import { FormDialog } from '../common/FormDialog';
import { useDialogForm } from '../common/useDialogForm';
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
  const form = useDialogForm<'role'>();
  const { member } = props;
  const [role, setRole] = useState<PartnerRole | ''>('');
  const { reset } = form;

  useEffect(() => {
    setRole(member?.role ?? '');
    reset();
  }, [member, reset]);

  async function submit() {
    if (!member || !role) return;
    if (role === member.role) {
      props.onClose();
      return;
    }
    // 409 (the partner's last owner) stays in the dialog.
    const sent = await form.send(
      () => changeStaffRole(props.partnerId, member.id, { role }),
      'The role could not be changed. Try again.',
    );
    if (!sent) return;
    notify(`${nameOf(member)} is now ${ROLE_LABELS[sent.value.role].toLowerCase()}.`, { type: 'success' });
    props.onClose();
    props.onDone();
  }

  return (
    <FormDialog
      open={member !== null}
      title={member ? `Change the role of ${nameOf(member)}` : 'Change role'}
      submitLabel="Change role"
      busy={form.busy}
      formError={form.formError}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <RoleSelect value={role} autoFocus onChange={setRole} />
    </FormDialog>
  );
}
