import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffMember } from '@trailpass/contract/console';
import { useState } from 'react';
import { addStaff } from '../../api/staff';
import { FormDialog } from '../common/FormDialog';
import { useDialogForm } from '../common/useDialogForm';
import { RoleSelect } from './RoleSelect';
import { type AddStaffField, type AddStaffValues, isPartnerRole, toAddStaffRequest } from './staffForm';

const EMPTY: AddStaffValues = { email: '', name: '', role: 'viewer' };

/**
 * Adds someone to the partner's staff by e-mail address. The server makes an account for an address it does
 * not know and e-mails it an invitation to choose a password; an existing account keeps its password.
 */
export function AddStaffDialog(props: {
  open: boolean;
  partnerId: number;
  partnerName: string;
  onClose: () => void;
  /** Told the member added, to say so where it stays readable (a snackbar would fade). */
  onDone: (added: StaffMember) => void;
}) {
  const form = useDialogForm<AddStaffField>();
  const [values, setValues] = useState<AddStaffValues>(EMPTY);

  function close() {
    setValues(EMPTY);
    form.reset();
    props.onClose();
  }

  async function submit() {
    const checked = toAddStaffRequest(values);
    if (!form.check('errors' in checked ? checked.errors : {}) || 'errors' in checked) return;
    // 409 (already on the staff) and 400 (per-field messages) stay in the form.
    const sent = await form.send(
      () => addStaff(props.partnerId, checked.request),
      'The staff member could not be added. Try again.',
    );
    if (!sent) return;
    close();
    props.onDone(sent.value);
  }

  const text = (name: 'email' | 'name', label: string, helper: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(form.errors[name])}
      helperText={form.errors[name] ?? helper}
      {...extra}
    />
  );

  return (
    <FormDialog
      open={props.open}
      title={`Add a staff member to ${props.partnerName}`}
      submitLabel="Add and invite"
      busy={form.busy}
      formError={form.formError}
      onSubmit={submit}
      onClose={close}
    >
      <Typography variant="body2">
        Someone without a console account gets one, and an e-mail with a link to choose their password (valid
        for 7 days). Someone who already has an account signs in with their own password.
      </Typography>
      {text('email', 'E-mail', 'Where the invitation goes.', {
        type: 'email',
        required: true,
        autoFocus: true,
        autoComplete: 'off',
      })}
      {text('name', 'Name', 'Optional: how the console names them.', { autoComplete: 'off' })}
      <RoleSelect
        value={isPartnerRole(values.role) ? values.role : ''}
        error={form.errors.role}
        onChange={(role) => setValues((current) => ({ ...current, role }))}
      />
    </FormDialog>
  );
}
