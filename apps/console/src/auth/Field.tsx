import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type InputHTMLAttributes, type Ref, useId } from 'react';

/**
 * A labelled text field of the signed-out pages: MUI's outlined TextField made of its parts, because
 * TextField also brings its Select (menu, popover, modal), which the sign-in bundle has no use for.
 */
export function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" fullWidth required={props.required}>
      <InputLabel htmlFor={id}>{props.label}</InputLabel>
      <OutlinedInput
        id={id}
        label={props.label}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        inputRef={props.inputRef}
        inputProps={{ ...props.htmlInput, 'aria-describedby': props.helperText ? helperId : undefined }}
      />
      {props.helperText && <FormHelperText id={helperId}>{props.helperText}</FormHelperText>}
    </FormControl>
  );
}
