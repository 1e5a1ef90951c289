/** A new password typed twice, with the policy said before and a mismatch said as it happens. */
export const passwordsDiffer = (password: string, confirm: string): boolean => confirm !== '' && password !== confirm;

export function NewPasswordFields(props: {
  /** The first field's id; the others derive from it. */
  id: string;
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
}) {
  const { id, password, confirm } = props;
  const mismatch = passwordsDiffer(password, confirm);
  return (
    <>
      <label for={id}>New password</label>
      <input
        id={id}
        type="password"
        autocomplete="new-password"
        required
        aria-describedby={`${id}-hint`}
        value={password}
        onInput={(e) => props.onPassword(e.currentTarget.value)}
      />
      <span id={`${id}-hint`} class="muted small">
        10 characters or more, with a lowercase and an uppercase letter, a digit and another character.
      </span>
      <label for={`${id}-confirm`}>Confirm the new password</label>
      <input
        id={`${id}-confirm`}
        type="password"
        autocomplete="new-password"
        required
        aria-invalid={mismatch ? true : undefined}
        aria-describedby={mismatch ? `${id}-confirm-error` : undefined}
        value={confirm}
        onInput={(e) => props.onConfirm(e.currentTarget.value)}
      />
      {mismatch ? (
        <p id={`${id}-confirm-error`} class="field-error">
          The two new passwords differ.
        </p>
      ) : null}
    </>
  );
}
