/**
 * An on/off setting (issue 34): a track with a knob that slides, beside its words, the whole row a
 * 44 px target. A checkbox with the switch role underneath, so it is announced and tested as one.
 */
export function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="switch">
      <span className="switch__label">{label}</span>
      <input
        type="checkbox"
        role="switch"
        className="switch__input"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}
