import './lab.css';
import { type FormEvent, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes } from 'react-router';
import { CallError } from '../../api/call.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { getOrders, storedPassword, storePassword } from './labApi.ts';
import { LabContext } from './labContext.ts';
import { OrderList } from './OrderList.tsx';
import { OrderPage } from './OrderPage.tsx';

/**
 * The lab's order desk at /lab (its own router root, docs/decisions.md): a password form, then the
 * orders. The password is checked by the API on every call; the page itself holds no order data.
 */
export function LabPage() {
  const { t } = useTranslation('lab');
  useDocumentTitle(t('title'));
  const [password, setPassword] = useState(storedPassword);
  const [notice, setNotice] = useState<string | null>(null);

  const signOut = useCallback(
    (refused = false) => {
      storePassword(null);
      setPassword(null);
      setNotice(refused ? t('signedOut') : null);
    },
    [t],
  );
  const lab = useMemo(() => (password ? { password, signOut } : null), [password, signOut]);

  if (!lab) {
    return (
      <LoginForm
        notice={notice}
        onSignedIn={(value) => {
          storePassword(value);
          setNotice(null);
          setPassword(value);
        }}
      />
    );
  }
  return (
    <LabContext.Provider value={lab}>
      <div className="lab">
        <header className="lab-header">
          <Link className="lab-header__title" to="/">
            {t('title')}
          </Link>
          <button type="button" className="button button--secondary" onClick={() => signOut()}>
            {t('signOut')}
          </button>
        </header>
        <main className="lab-main">
          <Routes>
            <Route index element={<OrderList />} />
            <Route path="orders/:orderUuid" element={<OrderPage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </main>
      </div>
    </LabContext.Provider>
  );
}

function LoginForm({
  notice,
  onSignedIn,
}: {
  notice: string | null;
  onSignedIn: (password: string) => void;
}) {
  const { t } = useTranslation('lab');
  const id = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value || busy) return;
    setBusy(true);
    setError(null);
    try {
      // The cheapest call that needs the password: it says whether the password is right.
      await getOrders(value, { limit: 1 });
      onSignedIn(value);
    } catch (failure) {
      const code = failure instanceof CallError ? failure.code : 0;
      setError(code === 403 ? t('login.wrong') : code === 429 ? t('login.tooMany') : t('login.failed'));
      setBusy(false);
    }
  }

  return (
    <main className="lab lab-login">
      <form className="lab-login__form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <h1 id={`${id}-title`}>{t('login.title')}</h1>
        <p>{t('login.intro')}</p>
        {notice && (
          <p className="lab-notice" role="status">
            {notice}
          </p>
        )}
        <label className="lab-field" htmlFor={`${id}-password`}>
          {t('login.password')}
        </label>
        <input
          id={`${id}-password`}
          className="lab-field__input"
          type="password"
          autoComplete="current-password"
          required
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="lab-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy || !value}>
          {busy ? t('login.checking') : t('login.submit')}
        </button>
      </form>
    </main>
  );
}
