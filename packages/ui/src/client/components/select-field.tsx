/** A labelled select; `any` is the first option, with the empty value (no filter). */
export function SelectField(props: {
  id: string;
  label: string;
  value: string;
  options: readonly (string | { value: string; label: string })[];
  any?: string;
  onChange(value: string): void;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {props.any !== undefined ? <option value="">{props.any}</option> : null}
        {props.options.map((o) => {
          const { value, label } = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </select>
    </div>
  );
}
