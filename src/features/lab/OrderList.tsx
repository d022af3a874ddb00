import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabOrder } from '../../../shop/index.ts';
import { isAbort } from '../../api/call.ts';
import { Loading } from '../../ui/Loading.tsx';
import { getOrders, isAuthFailure } from './labApi.ts';
import { useDateTime, useLab } from './labContext.ts';
import { OrderCard } from './OrderCard.tsx';
import { PaymentProblems } from './PaymentProblems.tsx';

/** The server's page size and its largest (shop/lab.ts; not imported, so zod stays out of this chunk). */
const PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
/** New orders and finished productions show up without a click while the desk is in view. */
const REFRESH_MS = 30_000;

export function OrderList() {
  const { t } = useTranslation('lab');
  const { password, signOut } = useLab();
  const formatTime = useDateTime();
  const [orders, setOrders] = useState<LabOrder[] | null>(null);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  /** How many orders are shown: a refresh reloads as many, so older pages the lab opened stay. */
  const shown = useRef(PAGE_SIZE);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      setBusy(true);
      try {
        const limit = Math.min(MAX_PAGE_SIZE, Math.max(PAGE_SIZE, shown.current));
        const page = await getOrders(password, { limit }, signal);
        setOrders(page.orders);
        setNextBefore(page.nextBefore);
        setFailed(false);
        setUpdatedAt(new Date().toISOString());
      } catch (error) {
        if (isAbort(error)) return;
        if (isAuthFailure(error)) signOut(true);
        else setFailed(true);
      } finally {
        if (!signal?.aborted) setBusy(false);
      }
    },
    [password, signOut],
  );

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh(controller.signal);
    }, REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [refresh]);

  async function loadMore() {
    if (!nextBefore) return;
    setBusy(true);
    try {
      const page = await getOrders(password, { limit: PAGE_SIZE, before: nextBefore });
      setOrders((list) => {
        const seen = new Set(list?.map((o) => o.uuid));
        const all = [...(list ?? []), ...page.orders.filter((o) => !seen.has(o.uuid))];
        shown.current = all.length;
        return all;
      });
      setNextBefore(page.nextBefore);
    } catch (error) {
      if (isAuthFailure(error)) signOut(true);
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const replace = useCallback((order: LabOrder) => {
    setOrders((list) => list?.map((o) => (o.uuid === order.uuid ? order : o)) ?? list);
  }, []);

  const toggle = useCallback((uuid: string) => {
    setExpanded((set) => {
      const next = new Set(set);
      if (!next.delete(uuid)) next.add(uuid);
      return next;
    });
  }, []);

  return (
    <section className="lab-list" aria-labelledby="lab-orders-title">
      <div className="lab-list__bar">
        <h1 id="lab-orders-title">{t('orders')}</h1>
        {updatedAt && <span className="lab-muted">{t('updated', { time: formatTime(updatedAt) })}</span>}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void refresh()}
          disabled={busy}
        >
          {t('refresh')}
        </button>
      </div>
      {failed && (
        <div className="lab-error" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button" onClick={() => void refresh()}>
            {t('retry')}
          </button>
        </div>
      )}
      <PaymentProblems refreshedAt={updatedAt} />
      {orders === null ? (
        !failed && <Loading />
      ) : orders.length === 0 ? (
        <p className="status-message">{t('empty')}</p>
      ) : (
        <ol className="lab-orders">
          {orders.map((order) => (
            <li key={order.uuid}>
              <OrderCard
                order={order}
                expanded={expanded.has(order.uuid)}
                onToggle={toggle}
                onChange={replace}
              />
            </li>
          ))}
        </ol>
      )}
      {nextBefore && (
        <p className="lab-list__more">
          <button type="button" className="button button--secondary" onClick={loadMore} disabled={busy}>
            {t('loadMore')}
          </button>
        </p>
      )}
    </section>
  );
}
