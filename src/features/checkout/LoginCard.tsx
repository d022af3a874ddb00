import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../api/user.ts';
import { moveLocalDesigns } from '../designs/moveLocalDesigns.ts';
import { errorText, TextField } from './fields.tsx';
import { reloadCart } from './reloadCart.ts';

/** S0 §2: log in with username or email and password; a refusal shows above the login button. */
export function LoginCard({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) {
      setError(t('login.missing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login(username.trim(), password);
      await reloadCart();
      await moveLocalDesigns();
      onDone();
    } catch (err) {
      setError(errorText(err, t('login.failed')));
      setBusy(false);
    }
  }

  return (
    <form className="checkout-card" aria-labelledby="login-title" noValidate onSubmit={submit}>
      <h2 id="login-title" className="checkout-card__title">
        {t('login.title')}
      </h2>
      <TextField
        name="username"
        label={t('login.username')}
        value={username}
        onChange={setUsername}
        type="email"
        autoComplete="username"
      />
      <TextField
        name="password"
        label={t('login.password')}
        value={password}
        onChange={setPassword}
        type="password"
        autoComplete="current-password"
      />
      {error && (
        <p className="form-error" role="alert" data-testid="login-error">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}
