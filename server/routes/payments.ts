/**
 * The test card provider's side (standing in for a hosted payment page on another site) and the
 * shop's callback endpoint for it.
 *
 * - `GET /payments/test-card/{id}`: a small server-rendered page (no script, no external resources)
 *   with the amount and Pay, Decline and Cancel buttons in one form.
 * - `POST /payments/test-card/{id}`: the provider sends its signed callback to the shop, through
 *   `app.inject` (a real HTTP request through the whole app: parsing, signature check, settling), and
 *   only when the shop accepted it sends the browser back with a 303 to
 *   `/m/cart/checkout/payment?transaction={id}&result=paid|declined|cancelled`.
 * - `POST /m/api/payments/test-card/callback`: checks the HMAC-SHA256 signature of the raw body
 *   (401 and nothing changes when it is wrong), then settles the transaction once.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { bcp47, languageOf } from '../../engine/index.ts';
import { formatMoney, paymentProviderRoutes } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, notFound } from '../errors.ts';
import { serverT, type Values } from '../i18n.ts';
import { serve } from '../plugins/contract.ts';
import { acceptFormBodies } from '../plugins/formBody.ts';
import { isUuid, type TransactionSnapshot } from '../services/checkout/checkout.ts';
import type { OrderJobs } from '../services/checkout/orderJobs.ts';
import { applyPaymentReport, transactionRow } from '../services/checkout/orders.ts';
import { returnUrl } from '../services/payments/provider.ts';
import { SIGNATURE_HEADER, signBody } from '../services/payments/signature.ts';
import { TEST_CARD_CALLBACK, TEST_CARD_PAGE, type testCardProvider } from '../services/payments/testCard.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f6;color:#1b1f24}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.15rem;margin:0 0 .25rem}
.note{color:#5b6470;font-size:.9rem;margin:0 0 1rem}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.25rem}
button,a.button{display:block;width:100%;min-height:48px;margin:.5rem 0 0;border:0;border-radius:8px;font:inherit;font-weight:600;text-align:center;text-decoration:none;padding:.75rem;cursor:pointer}
.pay{background:#1a7f37;color:#fff}.decline{background:#b42318;color:#fff}.cancel{background:#e4e7ec;color:#1b1f24}
a.button{background:#1b1f24;color:#fff}
`;

function page(language: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(bcp47(languageOf(language)))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main><div class="card">${body}</div></main></body>
</html>`;
}

/** The page in the portal's language (the test provider stands in for a provider that speaks it). */
function sendPage(reply: FastifyReply, language: string, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(language, title, body));
}

/** The test provider's words (`server:testCard.*`) in a language, escaped for HTML. */
const wordsIn = (language: string) => {
  const t = serverT(language, 'server');
  return (key: string, values?: Values) => escapeHtml(t(`testCard.${key}`, values));
};

/** The `result=` the shopper is sent back with: only a hint for the page, never believed by the shop. */
const resultOf = (row: { orderUuid: string | null; status: string }) => (row.orderUuid ? 'paid' : row.status);

const PageParams = z.object({ transactionId: z.string().max(64) });
const PageForm = z.object({ result: z.enum(['paid', 'declined', 'cancelled']) });

export interface PaymentRoutesOptions {
  db: Db;
  /** The test card provider; null: it is off (production without a key of its own). */
  testCard: ReturnType<typeof testCardProvider> | null;
  /** The secret the test card provider signs its callbacks with (PAYMENT_TEST_SECRET). */
  testCardSecret: string | null;
  jobs: OrderJobs;
}

/**
 * Makes `app` (an encapsulated plugin) take JSON bodies as the raw string: a provider's signature is
 * over the bytes it sent, which a parse and a stringify would not give back.
 */
export function rawJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
}

export async function paymentRoutes(
  app: FastifyInstance,
  { db, testCard, testCardSecret, jobs }: PaymentRoutesOptions,
) {
  // Off (production without a secret of its own): its pages and callback are not served at all.
  if (!testCard || testCardSecret === null) return;

  async function testCardTransaction(transactionId: string) {
    if (!isUuid(transactionId)) return null;
    const row = await transactionRow(db, transactionId);
    return row && row.provider === 'test-card' ? row : null;
  }

  const notFoundPage = (reply: FastifyReply, language: string) => {
    const w = wordsIn(language);
    return sendPage(
      reply,
      language,
      404,
      w('notFoundTitle'),
      `<h1>${w('notFoundTitle')}</h1><p class="note">${w('notFound')}</p>`,
    );
  };

  // ---- The provider's pages ----
  await app.register(async (provider) => {
    acceptFormBodies(provider);

    provider.get('/payments/test-card/:transactionId', async (request, reply) => {
      const { transactionId } = PageParams.parse(request.params);
      const row = await testCardTransaction(transactionId);
      if (!row) return notFoundPage(reply, request.portal.locale.code);
      const snap = row.request as TransactionSnapshot;
      const language = snap.portal.locale;
      const w = wordsIn(language);
      const amount = escapeHtml(formatMoney(row.amount, snap.portal.currencyFormat));
      const shop = escapeHtml(snap.portal.name);
      if (row.status !== 'pending') {
        const result = resultOf(row);
        const back = escapeHtml(returnUrl(row.uuid, result));
        const status = escapeHtml(
          serverT(language, 'server')(`testCard.status.${result}`, { defaultValue: row.status }),
        );
        return sendPage(
          reply,
          language,
          200,
          w('finishedTitle'),
          `<h1>${w('finished')}</h1><p class="note">${shop} · ${amount} · ${status}</p>` +
            `<a class="button" href="${back}">${w('back')}</a>`,
        );
      }
      const action = escapeHtml(TEST_CARD_PAGE(row.uuid));
      return sendPage(
        reply,
        language,
        200,
        w('title'),
        `<h1>${w('title')}</h1><p class="note">${w('note', { shop: snap.portal.name })}</p>` +
          `<p class="amount">${amount}</p>` +
          `<form method="post" action="${action}">` +
          `<button class="pay" type="submit" name="result" value="paid">${w('pay')}</button>` +
          `<button class="decline" type="submit" name="result" value="declined">${w('decline')}</button>` +
          `<button class="cancel" type="submit" name="result" value="cancelled">${w('cancel')}</button>` +
          '</form>',
      );
    });

    provider.post('/payments/test-card/:transactionId', async (request, reply) => {
      const { transactionId } = PageParams.parse(request.params);
      const parsed = PageForm.safeParse(request.body ?? {});
      const row = await testCardTransaction(transactionId);
      if (!row) return notFoundPage(reply, request.portal.locale.code);
      if (row.status !== 'pending') return reply.redirect(returnUrl(row.uuid, resultOf(row)), 303);
      const language = (row.request as TransactionSnapshot).portal.locale;
      const w = wordsIn(language);
      if (!parsed.success) {
        return sendPage(reply, language, 400, w('chooseTitle'), `<h1>${w('choose')}</h1>`);
      }
      const result = parsed.data.result;
      const body = JSON.stringify({ transactionId: row.uuid, result, amount: row.amount });
      const answer = await app.inject({
        method: 'POST',
        url: TEST_CARD_CALLBACK,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signBody(testCardSecret, body),
          host: request.headers.host ?? 'localhost',
        },
        payload: body,
      });
      if (answer.statusCode >= 300) {
        request.log.error({ status: answer.statusCode, body: answer.body }, 'test card callback refused');
        return sendPage(
          reply,
          language,
          502,
          w('notConfirmedTitle'),
          `<h1>${w('notConfirmed')}</h1><p class="note">${w('notConfirmedNote')}</p>`,
        );
      }
      return reply.redirect(returnUrl(row.uuid, result), 303);
    });
  });

  // ---- The shop's callback endpoint: the raw body is kept for the signature ----
  await app.register(async (callback) => {
    rawJsonBodies(callback);

    serve(callback, paymentProviderRoutes.testCardCallback, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[SIGNATURE_HEADER];
      const event = testCard.verifyCallback(raw, Array.isArray(header) ? header[0] : header);
      if (event === 'bad-signature') {
        request.log.warn('test card callback with a bad signature: refused');
        throw new HttpError(401, 'bad_signature');
      }
      if (event === 'bad-body') throw new HttpError(400, 'bad_callback');
      const row = await testCardTransaction(event.transactionUuid);
      if (!row) throw notFound('transaction');
      // An amount other than the transaction's makes no order; the lab desk shows it (applyPaymentReport).
      const after = await applyPaymentReport(db, row.uuid, event.report, jobs, app.clock.now(), {
        provider: 'test-card',
        eventId: event.eventId,
        kind: event.report.state,
        body: raw,
      });
      return { received: true as const, status: after.status };
    });
  });
}
