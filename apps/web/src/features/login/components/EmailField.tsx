/**
 * An e-mail field in Login's plain HTML (decision 0025): label, input and the helper line that carries its
 * error, wired for screen readers. Pass Login's form and "Lost your pass link?" both use it.
 */
export function EmailField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  /** The message under the field; the field is marked invalid while there is one. */
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const helperId = `${id}-helper-text`;
  return (
    <div className={error ? 'tp-field tp-field-error' : 'tp-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        autoCapitalize="none"
        aria-required="true"
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={helperId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <p className="tp-helper" id={helperId}>
        {error ?? ' '}
      </p>
    </div>
  );
}
