import { memo, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FulfilmentStatus, LabLine, LabOrder } from '../../../shop/index.ts';
import { formatMoney } from '../../../shop/index.ts';
import { observeNearViewport } from '../../ui/nearViewport.ts';
import { downloadZip, fetchBlob, postRerun, postStatus } from './labApi.ts';
import { STATUS_ACTION, useDateTime, useLab, useLabError } from './labContext.ts';
import { PaymentPanel } from './PaymentPanel.tsx';

interface OrderCardProps {
  order: LabOrder;
  expanded: boolean;
  /** Absent: the details are always open (the order's own page). */
  onToggle?: (uuid: string) => void;
  onChange: (order: LabOrder) => void;
  headingLevel?: 1 | 2;
}

/** One order: badges, reference, shopper, delivery and lines; its details (actions, history) below. */
export const OrderCard = memo(function OrderCard({
  order,
  expanded,
  onToggle,
  onChange,
  headingLevel = 2,
}: OrderCardProps) {
  const { t } = useTranslation('lab');
  const formatTime = useDateTime();
  const id = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const title = t('order.heading', { reference: order.reference });
  const { delivery, shopper, production } = order;
  return (
    <article className={`lab-order is-${production.status}`} aria-labelledby={`${id}-title`}>
      <header className="lab-order__head">
        <Heading id={`${id}-title`} className="lab-order__title">
          {onToggle ? <Link to={`/orders/${order.uuid}`}>{title}</Link> : title}
        </Heading>
        <ul className="lab-badges" aria-label={t('order.status')}>
          <li className={`lab-badge is-${production.status}`}>
            {t('production.label')}: {t(`production.${production.status}`)}
          </li>
          <li className={`lab-badge is-${order.fulfilment ?? 'none'}`}>
            {t(`fulfilment.${order.fulfilment ?? 'none'}`)}
          </li>
          {delivery.type === 'store-pickup' && delivery.express && (
            <li className="lab-badge is-express">{t('delivery.express')}</li>
          )}
          {order.paymentSummary?.flag && (
            <li className={`lab-badge is-payment-${order.paymentSummary.flag}`}>
              {t(`flag.${order.paymentSummary.flag}`)}
            </li>
          )}
        </ul>
        <p className="lab-order__meta">
          <time dateTime={order.createdAt}>{t('order.placed', { time: formatTime(order.createdAt) })}</time>
          <span>{order.portal.name}</span>
          <span>
            {t('order.total')}: {formatMoney(order.total, order.portal.currencyFormat)}
          </span>
        </p>
      </header>

      {production.status === 'failed' && production.error && (
        <p className="lab-error">
          <strong>{t('production.error')}:</strong> {production.error}
        </p>
      )}

      <div className="lab-order__body">
        <section className="lab-order__who" aria-label={t('order.shopper')}>
          <h3 className="lab-label">{t('order.shopper')}</h3>
          <p>
            {shopper.name}
            <br />
            <a href={`mailto:${shopper.email}`}>{shopper.email}</a>
            <br />
            <a href={`tel:${shopper.phone.replace(/\s+/g, '')}`}>{shopper.phone}</a>
          </p>
        </section>
        <section className="lab-order__where" aria-label={t('order.delivery')}>
          <h3 className="lab-label">
            {t('order.delivery')}:{' '}
            {delivery.type === 'store-pickup' ? t('delivery.pickup') : t('delivery.postage')}
          </h3>
          {delivery.type === 'store-pickup' ? (
            <address>
              <strong>{delivery.name}</strong>
              <br />
              {delivery.address}
              <br />
              {[delivery.postalCode, delivery.city].filter(Boolean).join(' ')}
            </address>
          ) : (
            <address>
              <strong>{delivery.name}</strong>
              <br />
              {delivery.address.name}
              <br />
              {delivery.address.address}
              <br />
              {[delivery.address.postalCode, delivery.address.city].filter(Boolean).join(' ')}
            </address>
          )}
        </section>
        <section className="lab-order__lines" aria-label={t('order.lines')}>
          <h3 className="lab-label">{t('order.lines')}</h3>
          <ul className="lab-lines">
            {order.lines.map((line) => (
              <LineItem key={line.orderLineUuid} line={line} />
            ))}
          </ul>
        </section>
      </div>

      {onToggle && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={`${id}-details`}
          onClick={() => onToggle(order.uuid)}
        >
          {expanded ? t('order.hideDetails') : t('order.showDetails')}
        </button>
      )}
      {expanded && <OrderDetails id={`${id}-details`} order={order} onChange={onChange} />}
    </article>
  );
});

/** A size as the lab reads it: to a tenth of a millimetre, no trailing ".0". */
const mm = (n: number) => String(Math.round(n * 10) / 10);

function LineItem({ line }: { line: LabLine }) {
  const { t } = useTranslation('lab');
  const file = line.files[0];
  return (
    <li className="lab-line">
      <span className="lab-line__picture">
        {line.thumbnailUrl && file ? (
          <AuthImage url={line.thumbnailUrl} alt={t('line.thumbnail', { name: file.name })} />
        ) : file?.type === 'pdf' ? (
          <span className="lab-line__pdf">{t('line.pdf')}</span>
        ) : null}
      </span>
      <span className="lab-line__text">
        <strong>{line.productName}</strong>
        {line.description && <span>{line.description}</span>}
        <span className="lab-muted">
          {t(`line.kind.${line.kind}`)} · {t('line.quantity', { count: line.quantity })}
          {line.files.length > 1 && ` · ${t('line.files', { count: line.files.length })}`}
        </span>
        {line.files.map(
          (f) =>
            f.printLayout && (
              <span key={f.name} className="lab-line__layout" data-testid="print-layout">
                {t(`line.layout.${f.printLayout}`, { name: f.name })}
                {f.folds.map((fold) => `; ${t(`line.fold.${fold.axis}`, { at: fold.atMm })}`).join('')}
              </span>
            ),
        )}
        {line.files.map(
          (f) =>
            f.bookPart && (
              <span key={`${f.name}-book`} className="lab-line__layout" data-testid="book-file">
                {f.bookPart === 'cover'
                  ? t('line.bookCover', {
                      name: f.name,
                      width: mm(f.widthMm),
                      height: mm(f.heightMm),
                      spine: mm(f.spineMm ?? 0),
                    })
                  : t('line.bookPages', {
                      name: f.name,
                      count: f.pages ?? 0,
                      width: mm(f.widthMm),
                      height: mm(f.heightMm),
                    })}
              </span>
            ),
        )}
        {line.warnings.length > 0 && (
          <ul className="lab-warnings" aria-label={t('line.warnings')}>
            {line.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
      </span>
    </li>
  );
}

/** A file of the order shown through a blob URL: an <img> cannot send the Bearer header itself. */
function AuthImage({ url, alt }: { url: string; alt: string }) {
  const { password } = useLab();
  const holder = useRef<HTMLSpanElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const stop = observeNearViewport(element, () => {
      fetchBlob(password, url, controller.signal)
        .then((blob) => {
          objectUrl = URL.createObjectURL(blob);
          setSrc(objectUrl);
        })
        // A thumbnail that does not load leaves the file's name and the line: nothing to tell.
        .catch(() => undefined);
    });
    return () => {
      stop();
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [password, url]);
  return (
    <span ref={holder} className="lab-thumb">
      {src && <img src={src} alt={alt} />}
    </span>
  );
}

function OrderDetails({
  id,
  order,
  onChange,
}: {
  id: string;
  order: LabOrder;
  onChange: (order: LabOrder) => void;
}) {
  const { t } = useTranslation('lab');
  const { password } = useLab();
  const errorText = useLabError();
  const formatTime = useDateTime();
  const [busy, setBusy] = useState<'download' | 'status' | 'rerun' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { production } = order;

  async function act(kind: NonNullable<typeof busy>, work: () => Promise<string | null>) {
    setBusy(kind);
    setMessage(null);
    setError(null);
    try {
      setMessage(await work());
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  }

  const record = (status: FulfilmentStatus) =>
    act('status', async () => {
      onChange(await postStatus(password, order.uuid, status));
      return t('actions.done', { status: t(`fulfilment.${status}`) });
    });

  const finalStatus: FulfilmentStatus =
    order.delivery.type === 'store-pickup' ? 'ready-for-pickup' : 'shipped';
  return (
    <div id={id} className="lab-details">
      <div
        className="lab-actions"
        role="group"
        aria-label={t('actions.label', { reference: order.reference })}
      >
        <button
          type="button"
          className="button"
          disabled={production.status !== 'ready' || busy !== null}
          onClick={() =>
            act('download', async () => {
              await downloadZip(password, order.uuid, order.reference);
              return null;
            })
          }
        >
          {busy === 'download' ? t('actions.downloading') : t('actions.download')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!order.nextStatuses.includes('printed') || busy !== null}
          onClick={() => record('printed')}
        >
          {t('actions.markPrinted')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!order.nextStatuses.includes(finalStatus) || busy !== null}
          onClick={() => record(finalStatus)}
        >
          {t(`actions.${STATUS_ACTION[finalStatus]}`)}
        </button>
        {production.status === 'failed' && (
          <button
            type="button"
            className="button button--danger"
            disabled={busy !== null}
            onClick={() =>
              act('rerun', async () => {
                onChange(await postRerun(password, order.uuid));
                return t('actions.rerunDone');
              })
            }
          >
            {t('actions.rerun')}
          </button>
        )}
      </div>
      <p className="lab-details__status" role="status">
        {message}
      </p>
      {error && (
        <p className="lab-error" role="alert">
          {error}
        </p>
      )}

      <dl className="lab-facts">
        <dt>{t('production.label')}</dt>
        <dd>
          {t(`production.${production.status}`)} · {t('production.attempts', { count: production.attempts })}
          {production.finishedAt &&
            ` · ${t('production.finished', { time: formatTime(production.finishedAt) })}`}
        </dd>
        <dt>{t('order.payment')}</dt>
        <dd>{order.payment}</dd>
        {order.comment && (
          <>
            <dt>{t('order.comment')}</dt>
            <dd>{order.comment}</dd>
          </>
        )}
      </dl>

      <PaymentPanel order={order} onChange={onChange} />

      <section aria-label={t('events.title')}>
        <h3 className="lab-label">{t('events.title')}</h3>
        <ol className="lab-events">
          <li>
            <span>{t('events.ordered')}</span>{' '}
            <time dateTime={order.createdAt}>{formatTime(order.createdAt)}</time>
          </li>
          {order.events.map((event) => (
            <li key={event.status}>
              <span>{t(`fulfilment.${event.status}`)}</span>{' '}
              <time dateTime={event.at}>{formatTime(event.at)}</time>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
