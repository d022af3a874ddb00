import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LabPaymentProblem } from '../../../shop/index.ts';
import { formatMoney, paymentProblem } from '../../../shop/index.ts';
import { isAbort } from '../../api/call.ts';
import { getPaymentProblems, isAuthFailure } from './labApi.ts';
import { useDateTime, useLab } from './labContext.ts';
import { providerName } from './PaymentPanel.tsx';

/**
 * Payment problems above the orders (issue 29): an amount mismatch made no order, so this is the one
 * place the desk shows it; a failed capture links to its order, which has Capture again. Nothing is
 * shown while there are none. Asked again whenever the list refreshes (`refreshedAt`).
 */
export function PaymentProblems({ refreshedAt }: { refreshedAt: string | null }) {
  const { t } = useTranslation('lab');
  const { password, signOut } = useLab();
  const formatTime = useDateTime();
  const [problems, setProblems] = useState<LabPaymentProblem[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshedAt is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    getPaymentProblems(password, controller.signal)
      .then((answer) => setProblems(answer.problems))
      .catch((error) => {
        if (isAbort(error)) return;
        // The order list beside it says when the desk cannot reach the server.
        if (isAuthFailure(error)) signOut(true);
      });
    return () => controller.abort();
  }, [password, signOut, refreshedAt]);

  if (problems.length === 0) return null;
  return (
    <section className="lab-problems" aria-labelledby="lab-problems-title">
      <h2 id="lab-problems-title">{t('problems.title')}</h2>
      <p className="lab-muted">{t('problems.intro')}</p>
      <ul className="lab-problems__list">
        {problems.map((p) => {
          const { code, detail } = paymentProblem(p.problem);
          const amount = p.portal.currencyFormat
            ? formatMoney(p.amount, p.portal.currencyFormat)
            : `${p.amount} ${p.currency}`;
          return (
            <li key={p.transactionUuid} className="lab-problem" data-testid="payment-problem">
              <h3 className="lab-problem__title">
                {p.orderUuid ? (
                  <Link to={`/orders/${p.orderUuid}`}>{t('problems.order', { reference: p.reference })}</Link>
                ) : (
                  t('problems.noOrder', { reference: p.reference })
                )}
              </h3>
              <p>
                <strong>{t(`payment.problem.${code}`)}:</strong> {detail}
              </p>
              <p className="lab-problem__meta">
                <span>{p.portal.name}</span>
                <span>{providerName(t, p.provider)}</span>
                <span>{amount}</span>
                <span>{t(`payment.states.${p.state}`)}</span>
                {p.providerRef && (
                  <span>
                    {t('problems.providerRef')}: <code>{p.providerRef}</code>
                  </span>
                )}
                {p.problemAt && (
                  <time dateTime={p.problemAt}>{t('problems.at', { time: formatTime(p.problemAt) })}</time>
                )}
              </p>
              {(p.shopper.name || p.shopper.email) && (
                <p>
                  {p.shopper.name}
                  {p.shopper.email && (
                    <>
                      {p.shopper.name && ' · '}
                      <a href={`mailto:${p.shopper.email}`}>{p.shopper.email}</a>
                    </>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
