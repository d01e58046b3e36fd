import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PartnerRole } from '@trailpass/contract/console';
import { ROLE_HELP, ROLE_LABELS, ROLES } from './staffForm';

/** The role picker of both staff dialogs, which says under it what the chosen role may do. */
export function RoleSelect(props: {
  value: PartnerRole | '';
  error?: string;
  autoFocus?: boolean;
  onChange: (role: PartnerRole) => void;
}) {
  return (
    <TextField
      select
      label="Role"
      required
      autoFocus={props.autoFocus}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as PartnerRole)}
      error={Boolean(props.error)}
      helperText={props.error ?? (props.value ? ROLE_HELP[props.value] : 'What they may do for the partner.')}
    >
      {ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}
