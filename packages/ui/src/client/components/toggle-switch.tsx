/** An on/off switch (`role="switch"`) with a text label for screen readers and the state in words. */
export function ToggleSwitch(props: { checked: boolean; label: string; busy?: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      role="switch"
      class="switch"
      aria-checked={props.checked}
      aria-label={props.label}
      aria-busy={props.busy ?? false}
      disabled={props.busy}
      onClick={props.onToggle}
    >
      <span class="switch-track" aria-hidden="true">
        <span class="switch-thumb" />
      </span>
      <span class="switch-text" aria-hidden="true">
        {props.checked ? 'On' : 'Off'}
      </span>
    </button>
  );
}
