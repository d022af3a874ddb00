import './payment-status.css';
import { useTranslation } from 'react-i18next';
import { bcp47 } from '../../../engine/index.ts';
import type { ShopperPayment } from '../../../shop/index.ts';
import { shopperPaymentLines } from '../../../shop/index.ts';

/**
 * Where an online payment stands, in the shopper's words (issue 29): reserved until the order is
 * ready, taken, each refund with its date, or released. `money` formats minor units the way the
 * screen does (the portal's format on the receipt, the order's own in My orders).
 */
export function PaymentStatus({
  payment,
  money,
}: {
  payment: ShopperPayment;
  money: (minor: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const lines = shopperPaymentLines(payment);
  if (lines.length === 0) return null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(bcp47(i18n.language), { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <ul className="payment-status" data-testid="payment-status">
      {lines.map((line, index) => (
        // A payment's lines have no identity but their order: two refunds may be alike.
        // biome-ignore lint/suspicious/noArrayIndexKey: the rule's order is the lines' only identity
        <li key={index} className={`payment-status__line is-${line.key}`}>
          {t(`orders.payment.${line.key}`, {
            amount: money(line.amount),
            date: line.at ? date(line.at) : '',
          })}
        </li>
      ))}
    </ul>
  );
}
