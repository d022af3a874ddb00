import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityAnswer } from '../../../shop/index.ts';
import { isValid, type SignUpInput, type ValidationKey, validateSignUp } from '../../../shop/index.ts';
import { CallError } from '../../api/call.ts';
import { signUp } from '../../api/user.ts';
import { moveLocalDesigns } from '../../shared/moveLocalDesigns.ts';
import { errorText, TextField, useShownErrors } from './fields.tsx';
import { reloadCart } from './reloadCart.ts';

type Field = 'name' | 'mobile' | 'email' | 'password';
const FIELDS: readonly Field[] = ['name', 'mobile', 'email', 'password'];

/**
 * The server's field errors of a refused sign-up (S0 §8): its rule keys in the shopper's language
 * when it sent them, else its own messages, else its error on the email field.
 */
function serverFieldErrors(
  error: unknown,
  translate: (key: ValidationKey) => string,
  fallback: string,
): Partial<Record<Field, string>> {
  const body = error instanceof CallError ? (error.body as IdentityFailure | undefined) : undefined;
  const known = (record: Record<string, unknown> | undefined) =>
    Object.entries(record ?? {}).filter(
      (entry): entry is [Field, string] => FIELDS.includes(entry[0] as Field) && typeof entry[1] === 'string',
    );
  const keyed = known(body?.fieldKeys);
  if (keyed.length > 0)
    return Object.fromEntries(keyed.map(([f, key]) => [f, translate(key as ValidationKey)]));
  const worded = known(body?.fields);
  if (worded.length > 0) return Object.fromEntries(worded);
  return { email: errorText(error, fallback) };
}

type IdentityFailure = Extract<IdentityAnswer, { error: string }>;

/** S0 §2, §5: register during checkout; every field required, submit disabled while invalid. */
export function SignUpCard({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SignUpInput>({ name: '', mobile: '', email: '', password: '' });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const { touch, isShown } = useShownErrors<Field>();
  const errors = validateSignUp(values);

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // The server's message was about what was sent; an edit makes it stale.
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };
  const message = (field: Field) => {
    const key = errors[field];
    if (key && isShown(field)) return t(`validation.${key}`);
    return serverErrors[field];
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !isValid(errors)) return;
    setBusy(true);
    try {
      await signUp({ ...values, name: values.name.trim(), email: values.email.trim() });
      await reloadCart();
      await moveLocalDesigns();
      onDone();
    } catch (err) {
      setServerErrors(serverFieldErrors(err, (key) => t(`validation.${key}`), t('login.signUpFailed')));
      setBusy(false);
    }
  }

  const field = (name: Field, type: 'text' | 'tel' | 'email' | 'password', autoComplete: string) => (
    <TextField
      name={name}
      label={t(`login.${name}`)}
      value={values[name]}
      onChange={change(name)}
      onBlur={() => touch(name)}
      error={message(name)}
      type={type}
      autoComplete={autoComplete}
    />
  );

  return (
    <form className="checkout-card" aria-labelledby="signup-title" noValidate onSubmit={submit}>
      <h2 id="signup-title" className="checkout-card__title">
        {t('login.signUpTitle')}
      </h2>
      {field('name', 'text', 'name')}
      {field('mobile', 'tel', 'tel')}
      {field('email', 'email', 'email')}
      {field('password', 'password', 'new-password')}
      <button type="submit" className="button" disabled={busy || !isValid(errors)}>
        {t('login.signUpSubmit')}
      </button>
    </form>
  );
}
