import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isEmailAddress } from '../../../shop/index.ts';
import { CallError } from '../../api/call.ts';
import { login, requestLoginLink } from '../../api/user.ts';
import { moveLocalDesigns } from '../../shared/moveLocalDesigns.ts';
import { errorText, TextField } from './fields.tsx';
import { LOGIN_LINK_MINUTES, rememberLoginLinkReturn } from './loginLinkReturn.ts';
import { reloadCart } from './reloadCart.ts';

type LinkState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; email: string }
  | { kind: 'error'; message: string };

/**
 * S0 §2: log in with username or email and password; a refusal shows above the login button. Under
 * the form, 'Send me a login link' (issue 28) mails a one-time link to the address typed: the way in
 * on a new device while strangers' guesses hold the account, offered first when a login is refused
 * for too many attempts.
 */
export function LoginCard({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [held, setHeld] = useState(false);
  const [link, setLink] = useState<LinkState>({ kind: 'idle' });

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
      setHeld(err instanceof CallError && err.reason === 'too_many_attempts');
      setBusy(false);
    }
  }

  async function sendLink() {
    if (link.kind === 'sending') return;
    const email = username.trim();
    if (!isEmailAddress(email)) {
      setLink({ kind: 'error', message: t('login.linkNeedsEmail') });
      return;
    }
    setLink({ kind: 'sending' });
    try {
      await requestLoginLink(email);
      // The link may be opened in this browser: its page goes on from where the shopper was.
      rememberLoginLinkReturn(pathname + search);
      setLink({ kind: 'sent', email });
    } catch (err) {
      setLink({ kind: 'error', message: errorText(err, t('login.linkFailed')) });
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
      <div className="login-link" data-testid="login-link">
        {held && link.kind !== 'sent' && <p className="login-link__hint">{t('login.linkHint')}</p>}
        {link.kind === 'sent' ? (
          <p role="status" className="login-link__sent">
            {t('login.linkSent', { email: link.email, minutes: LOGIN_LINK_MINUTES })}
          </p>
        ) : (
          <button
            type="button"
            className={held ? 'button button--secondary' : 'link-button'}
            disabled={link.kind === 'sending'}
            onClick={sendLink}
          >
            {t('login.linkAsk')}
          </button>
        )}
        {link.kind === 'error' && (
          <p className="field__error" role="alert">
            {link.message}
          </p>
        )}
      </div>
    </form>
  );
}
