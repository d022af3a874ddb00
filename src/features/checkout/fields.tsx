import { type HTMLAttributes, useCallback, useId, useState } from 'react';
import { CallError } from '../../api/call.ts';

interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Already translated. */
  error?: string | undefined;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

/** A labelled input with its message under it, tied to it for screen readers. */
export function TextField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        name={name}
        type={type}
        value={value}
        autoComplete={rest.autoComplete}
        inputMode={rest.inputMode}
        // Phones should not capitalise or correct an address, a number or a password.
        autoCapitalize={type === 'text' ? undefined : 'off'}
        spellCheck={type === 'text' ? undefined : false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
      />
      {error && (
        <p id={errorId} className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Which messages a form shows: a field's once the shopper has left it, every field's after a
 * submit. A message never appears while the shopper is still typing a field for the first time.
 */
export function useShownErrors<F extends string>() {
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [all, setAll] = useState(false);
  const touch = useCallback((field: F) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field))), []);
  const isShown = useCallback((field: F) => all || touched.has(field), [all, touched]);
  const showAll = useCallback(() => setAll(true), []);
  return { touch, isShown, showAll };
}

/** The server's own words when it sent some (`{error}` answers), else the screen's fallback text. */
export function errorText(error: unknown, fallback: string): string {
  if (
    error instanceof CallError &&
    typeof (error.body as { error?: unknown } | undefined)?.error === 'string'
  ) {
    return error.message;
  }
  return fallback;
}
