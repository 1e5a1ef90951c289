/** A flag's name, with the rule the API applies to new names (creating a flag, cloning one). */
export function FlagNameField(props: { id: string; label: string; value: string; onInput(value: string): void }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        required
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        pattern="[A-Za-z0-9._~\-]+"
        title="Letters, digits, . _ ~ -"
      />
    </div>
  );
}
