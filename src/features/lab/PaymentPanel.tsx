import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabOrder, LabOrderDetail, LabPayment, PaymentState } from '../../../shop/index.ts';
import { amountInputText, formatMoney, parseAmountInput, paymentProblem } from '../../../shop/index.ts';
import { CallError, isAbort } from '../../api/call.ts';
import { getOrder, isAuthFailure, postCapture, postRefund } from './labApi.ts';
import { useDateTime, useLab, useLabError } from './labContext.ts';
import { PressKeys } from './pressKeys.ts';

/**
 * An order's payment on the desk (issue 29): its state, what was taken and given back, a problem with
 * Capture again, an authorisation about to lapse, the Refund button and the history. The list's
 * orders come without the payment's detail, so the panel asks for it (again whenever the list
 * refreshes the order); an order's own page and the answers of the desk's buttons carry it.
 */
export function PaymentPanel({ order, onChange }: { order: LabOrder; onChange: (order: LabOrder) => void }) {
  const { t } = useTranslation('lab');
  const { password, signOut } = useLab();
  const id = useId();
  const carried = 'paymentDetail' in order ? (order as LabOrderDetail).paymentDetail : undefined;
  const [payment, setPayment] = useState<LabPayment | null | undefined>(carried);
  const [failed, setFailed] = useState(false);

  // The order object is the trigger: the list's refresh brings a new one, and the payment may have
  // moved on since (a capture after shipping, a refund from another desk).
  useEffect(() => {
    if (carried !== undefined) {
      setPayment(carried);
      return;
    }
    const controller = new AbortController();
    getOrder(password, order.uuid, controller.signal)
      .then((detail) => {
        setPayment(detail.paymentDetail);
        setFailed(false);
      })
      .catch((error) => {
        if (isAbort(error)) return;
        if (isAuthFailure(error)) signOut(true);
        else setFailed(true);
      });
    return () => controller.abort();
  }, [carried, order, password, signOut]);

  return (
    <section className="lab-payment" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="lab-label">
        {t('payment.title')}
      </h3>
      {payment === undefined ? (
        <p className="lab-muted">{failed ? t('payment.loadFailed') : t('payment.loading')}</p>
      ) : payment === null ? (
        <p className="lab-muted">{t('payment.none')}</p>
      ) : (
        <PaymentFacts order={order} payment={payment} onChange={onChange} />
      )}
    </section>
  );
}

function PaymentFacts({
  order,
  payment,
  onChange,
}: {
  order: LabOrder;
  payment: LabPayment;
  onChange: (order: LabOrder) => void;
}) {
  const { t } = useTranslation('lab');
  const { password } = useLab();
  const errorText = useLabError();
  const formatTime = useDateTime();
  const money = (minor: number) => formatMoney(minor, order.portal.currencyFormat);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const problem = payment.problem ? paymentProblem(payment.problem) : null;
  const online = payment.provider !== 'store' && payment.provider !== 'invoice';

  async function captureAgain() {
    setBusy(true);
    setMessage(null);
    setError(null);
    try {
      onChange(await postCapture(password, order.uuid));
      setMessage(t('payment.captureQueued'));
    } catch (failure) {
      setError(failure instanceof CallError && failure.code === 409 ? failure.message : errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <dl className="lab-facts lab-payment__facts">
        <dt>{t('payment.state')}</dt>
        <dd>
          <strong className={`lab-payment__state is-${payment.state}`} data-testid="payment-state">
            {t(`payment.states.${payment.state}`)}
          </strong>
        </dd>
        <dt>{t('payment.provider')}</dt>
        <dd>{providerName(t, payment.provider)}</dd>
        <dt>{t('payment.amount')}</dt>
        <dd>{money(payment.amount)}</dd>
        {online && (
          <>
            <dt>{t('payment.taken')}</dt>
            <dd data-testid="payment-taken">{money(payment.captured)}</dd>
            <dt>{t('payment.givenBack')}</dt>
            <dd data-testid="payment-given-back">{money(payment.refunded)}</dd>
          </>
        )}
        {payment.lapsesAt && (
          <>
            <dt>{t('payment.lapses')}</dt>
            <dd>
              <time dateTime={payment.lapsesAt}>{formatTime(payment.lapsesAt)}</time>
            </dd>
          </>
        )}
      </dl>

      {!online && <p className="lab-muted">{t('payment.offline')}</p>}
      {payment.lapsingSoon && <p className="lab-warning">{t('payment.lapsingSoon')}</p>}
      {problem && (
        <div className="lab-error lab-payment__problem">
          <p>
            <strong>{t(`payment.problem.${problem.code}`)}:</strong> {problem.detail}
          </p>
          {problem.code === 'capture_failed' && payment.state === 'authorised' && (
            <button type="button" className="button" disabled={busy} onClick={captureAgain}>
              {t('payment.captureAgain')}
            </button>
          )}
        </div>
      )}
      <p className="lab-details__status" role="status">
        {message}
      </p>
      {error && (
        <p className="lab-error" role="alert">
          {error}
        </p>
      )}

      {payment.refundable && (
        <RefundForm
          order={order}
          refundable={payment.refundable}
          disabled={busy}
          onDone={(detail, text) => {
            onChange(detail);
            setMessage(text);
            setError(null);
          }}
        />
      )}

      <PaymentHistory payment={payment} money={money} />
    </>
  );
}

export type LabT = ReturnType<typeof useTranslation<'lab'>>['t'];

/** The provider's name as the lab knows it; an unknown one (a provider added later) as it is stored. */
export function providerName(t: LabT, provider: string): string {
  const known = ['store', 'invoice', 'test-card', 'stripe', 'vipps'] as const;
  const match = known.find((k) => k === provider);
  return match ? t(`payment.providers.${match}`) : provider;
}

function RefundForm({
  order,
  refundable,
  disabled,
  onDone,
}: {
  order: LabOrder;
  refundable: NonNullable<LabPayment['refundable']>;
  disabled: boolean;
  onDone: (detail: LabOrderDetail, message: string) => void;
}) {
  const { t } = useTranslation('lab');
  const { password } = useLab();
  const errorText = useLabError();
  const id = useId();
  const format = order.portal.currencyFormat;
  const money = (minor: number) => formatMoney(minor, format);
  const { kind, left } = refundable;
  const [text, setText] = useState(() => amountInputText(left, format));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(new PressKeys());

  // What is left changed (a refund went through, here or on another desk): the field offers it.
  useEffect(() => {
    setText(amountInputText(left, format));
  }, [left, format]);

  const typed = kind === 'refund' ? parseAmountInput(text, format) : left;
  const valid = typed !== null && typed >= 1 && typed <= left;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!valid) {
      setError(t('payment.refund.invalid', { min: money(1), max: money(left) }));
      return;
    }
    setBusy(true);
    setError(null);
    const key = keys.current.press(`${order.uuid}:${kind}:${typed}`);
    try {
      const detail = await postRefund(password, order.uuid, kind === 'refund' ? typed : undefined, key);
      keys.current.answered();
      onDone(
        detail,
        kind === 'refund' ? t('payment.refund.done', { amount: money(typed) }) : t('payment.refund.released'),
      );
    } catch (failure) {
      const answered = failure instanceof CallError && failure.code >= 400 && failure.code < 500;
      if (answered) keys.current.answered();
      // The server's refusal says what is wrong (nothing left, at most so much, capture first).
      setError(failure instanceof CallError && failure.code === 409 ? failure.message : errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="lab-refund" onSubmit={submit} noValidate aria-label={t('payment.refund.amount')}>
      {kind === 'refund' ? (
        <>
          <label className="lab-field" htmlFor={`${id}-amount`}>
            {t('payment.refund.amount')}
          </label>
          <div className="lab-refund__row">
            <input
              id={`${id}-amount`}
              className="lab-field__input lab-refund__amount"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-left${error ? ` ${id}-error` : ''}`}
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="button button--danger" disabled={busy || disabled}>
              {busy
                ? t('payment.refund.working')
                : t('payment.refund.submit', { amount: money(valid ? typed : left) })}
            </button>
          </div>
          <p id={`${id}-left`} className="lab-muted">
            {t('payment.refund.left', { amount: money(left) })}
          </p>
        </>
      ) : (
        <>
          <p id={`${id}-left`} className="lab-muted">
            {t('payment.refund.releaseNote')}
          </p>
          <button
            type="submit"
            className="button button--danger"
            disabled={busy || disabled}
            aria-describedby={`${id}-left`}
          >
            {busy ? t('payment.refund.working') : t('payment.refund.release', { amount: money(left) })}
          </button>
        </>
      )}
      {error && (
        <p id={`${id}-error`} className="lab-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The provider's messages and the lab's refunds, oldest first, each with its time. */
function PaymentHistory({ payment, money }: { payment: LabPayment; money: (minor: number) => string }) {
  const { t } = useTranslation('lab');
  const formatTime = useDateTime();
  const id = useId();
  const entries = [
    ...payment.events.map((e, i) => ({
      key: `event-${i}`,
      at: e.at,
      text: !e.reported
        ? e.kind
        : e.kind === e.reported
          ? t(`payment.states.${e.reported as PaymentState}`)
          : t('payment.reported', { kind: e.kind, state: t(`payment.states.${e.reported as PaymentState}`) }),
      error: null as string | null,
    })),
    ...payment.refunds.map((r, i) => ({
      key: `refund-${i}`,
      at: r.at,
      text: `${t(`payment.refundEntry.${r.kind}`, { amount: money(r.amount) })}: ${refundStatus(t, r.status)}`,
      error: r.error,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <section aria-labelledby={`${id}-history`}>
      <h4 id={`${id}-history`} className="lab-label">
        {t('payment.history')}
      </h4>
      {entries.length === 0 ? (
        <p className="lab-muted">{t('payment.noHistory')}</p>
      ) : (
        <ol className="lab-events" data-testid="payment-history">
          {entries.map((entry) => (
            <li key={entry.key}>
              <span>{entry.text}</span> <time dateTime={entry.at}>{formatTime(entry.at)}</time>
              {entry.error && <span className="lab-payment__entry-error"> ({entry.error})</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function refundStatus(t: LabT, status: string): string {
  return status === 'requested' || status === 'succeeded' || status === 'failed'
    ? t(`payment.refundStatus.${status}`)
    : status;
}
