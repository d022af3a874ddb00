import './checkout.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CallError } from '../../api/call.ts';
import { redeemLoginLink } from '../../api/user.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { moveLocalDesigns } from '../../shared/moveLocalDesigns.ts';
import { errorText } from './fields.tsx';
import { takeLoginLinkReturn } from './loginLinkReturn.ts';
import { reloadCart } from './reloadCart.ts';

type State =
  | { kind: 'ready' }
  | { kind: 'working' }
  | { kind: 'done'; email: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

/** The token of `#token=…`, or null. */
export function tokenOfHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * `/login-link#token=…`, the page a login link mail opens (issue 28). Opening it logs nobody in: mail
 * scanners open links too. The shopper presses Log in, and the token (kept in the fragment, which is
 * never sent to a server) is posted; the server logs this browser in as a password login would, cart
 * and all, and knows the browser from then on.
 */
export function LoginLinkPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('loginLink.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenOfHash(location.hash));
  const [state, setState] = useState<State>({ kind: 'ready' });

  // The token leaves the address bar and the history at once: it is not for bookmarks or sharing.
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  async function logIn() {
    if (!token || state.kind === 'working') return;
    setState({ kind: 'working' });
    try {
      const { user } = await redeemLoginLink(token);
      await reloadCart();
      await moveLocalDesigns();
      setState({ kind: 'done', email: user.email });
    } catch (err) {
      const invalid = err instanceof CallError && err.code === 400;
      setState(
        invalid
          ? { kind: 'invalid', message: t('loginLink.invalid') }
          : { kind: 'failed', message: errorText(err, t('loginLink.failed')) },
      );
    }
  }

  return (
    <section className="page checkout-page login-link-page">
      <h1>{t('loginLink.title')}</h1>
      {!token && <p role="alert">{t('loginLink.missing')}</p>}
      {token && (state.kind === 'ready' || state.kind === 'working' || state.kind === 'failed') && (
        <>
          <p>{t('loginLink.intro')}</p>
          {state.kind === 'failed' && (
            <p className="form-error" role="alert">
              {state.message}
            </p>
          )}
          <button type="button" className="button" disabled={state.kind === 'working'} onClick={logIn}>
            {state.kind === 'working' ? t('loginLink.working') : t('loginLink.submit')}
          </button>
        </>
      )}
      {state.kind === 'invalid' && <p role="alert">{state.message}</p>}
      {state.kind === 'done' && (
        <>
          <p role="status" data-testid="login-link-done">
            {t('loginLink.done', { email: state.email })}
          </p>
          <p>{t('loginLink.remembered')}</p>
          <button type="button" className="button" onClick={() => navigate(takeLoginLinkReturn())}>
            {t('loginLink.continue')}
          </button>
        </>
      )}
    </section>
  );
}
