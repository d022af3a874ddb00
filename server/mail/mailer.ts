/**
 * The shoppers' mail transport (nodemailer): SMTP when SMTP_URL is set; otherwise each mail is written
 * to DATA_DIR/outbox/ as an .eml file and logged, so the embedded default (`npm start`, nothing
 * configured) shows what a shopper would have received.
 *
 * The sender is MAIL_FROM. A bare address there (the default is `no-reply@localhost`) is shown with
 * the portal's name, `"Photo Shop" <no-reply@localhost>`, since one server serves several portals; a
 * MAIL_FROM with its own display name is used as it is.
 *
 * A failed send rejects with a MailError (the job retries it); nothing here retries by itself.
 */
import type { SMTPSentMessageInfo, Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { systemClock } from '../../shop/index.ts';
import { writeOutboxFile } from './outboxFile.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender's display name when MAIL_FROM has none (the portal's name). */
  fromName?: string;
  /** Files sent with the mail (an invoice's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface SentMail {
  messageId: string;
  where: 'smtp' | 'file';
  /** The .eml file, when written to the outbox directory. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://…:465; null writes .eml files to outboxDir. */
  smtpUrl: string | null;
  outboxDir: string;
  /** MAIL_FROM: `address` or `"Name" <address>`. */
  from: string;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** Now, for the Date header and the file name; tests may set it. */
  now?: () => Date;
}

/** A send that failed; `permanent` when the server refused with a 5xx reply (retrying may not help). */
export class MailError extends Error {
  readonly code: string | undefined;
  readonly responseCode: number | undefined;
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'MailError';
    const detail = (cause ?? {}) as { code?: unknown; responseCode?: unknown };
    this.code = typeof detail.code === 'string' ? detail.code : undefined;
    this.responseCode = typeof detail.responseCode === 'number' ? detail.responseCode : undefined;
  }
  get permanent(): boolean {
    return this.responseCode !== undefined && this.responseCode >= 500;
  }
}

// Nodemailer waits minutes by default; a job should fail soon and be retried instead.
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/** The SMTP server's host and port, for messages and logs: never the URL, which may hold a password. */
function smtpHost(url: string): string {
  try {
    return new URL(url).host || 'the SMTP server';
  } catch {
    return 'the SMTP server';
  }
}

function senderOf(from: string) {
  const [first] = addressparser(from, { flatten: true });
  if (!first?.address) throw new Error(`MAIL_FROM is not an email address: "${from}"`);
  return first;
}

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, outboxDir, log } = options;
  const now = options.now ?? systemClock.now;
  const sender = senderOf(options.from);
  const fromFor = (message: MailMessage) =>
    sender.name || !message.fromName ? options.from : { name: message.fromName, address: sender.address };

  if (smtpUrl) {
    const host = smtpHost(smtpUrl);
    if (/@localhost$/i.test(sender.address)) {
      log.warn({ from: sender.address }, 'MAIL_FROM is a localhost address: SMTP servers may refuse it');
    }
    const transport = lazyTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        let info: SMTPSentMessageInfo;
        try {
          const smtp = (await transport.get()) as Transporter<SMTPSentMessageInfo>;
          info = await smtp.sendMail({ ...mailOf(message), from: fromFor(message), date: now() });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new MailError(`Mail to ${message.to} was not sent through ${host}: ${reason}`, error);
        }
        if (info.rejected.length > 0) {
          throw new MailError(
            `Mail to ${message.to} was refused by ${host}: ${info.response}`,
            Object.assign(new Error(info.response), { code: 'EENVELOPE' }),
          );
        }
        log.info({ to: message.to, messageId: info.messageId }, `Mail to ${message.to} sent through ${host}`);
        return { messageId: info.messageId, where: 'smtp' };
      },
      close: () => transport.close(),
    };
  }

  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const at = now();
      try {
        const info = await (await transport.get()).sendMail({
          ...mailOf(message),
          from: fromFor(message),
          date: at,
        });
        const file = await writeOutboxFile(outboxDir, at, info.message as Buffer);
        log.info({ to: message.to, file }, `Mail to ${message.to} written to ${file}`);
        return { messageId: info.messageId, where: 'file', file };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailError(`Mail to ${message.to} was not written to ${outboxDir}: ${reason}`, error);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * A nodemailer transport made on the first mail: nodemailer is about 24 MB of a process, and a shop
 * that has sent no mail yet (most of an idle shop's life) does not need it loaded (issue 31).
 */
function lazyTransport(options: object) {
  let made: Promise<Transporter> | null = null;
  let transport: Transporter | null = null;
  return {
    get(): Promise<Transporter> {
      made ??= import('nodemailer').then((m) => {
        transport = m.default.createTransport(options);
        return transport;
      });
      return made;
    },
    close() {
      transport?.close();
    },
  };
}

const mailOf = (m: MailMessage) => ({
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  ...(m.attachments?.length ? { attachments: m.attachments } : {}),
});
