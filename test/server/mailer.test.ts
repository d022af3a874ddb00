/**
 * The mail transport against a real SMTP server (smtp-server, on a free loopback port) and the
 * embedded default's outbox folder; every mail is read back with mailparser.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer, MailError, type MailMessage } from '../../server/mail/mailer.ts';
import { startSmtp } from './smtp.ts';

const message: MailMessage = {
  to: 'ada@example.com',
  subject: 'Order confirmation 3f2a9c41 – Photo Shop',
  text: 'Thank you for your order!\nOrder reference: 3f2a9c41\nTotal: £12.99',
  html: '<p>Thank you for your order!</p><p>Order reference: <strong>3f2a9c41</strong></p>',
  fromName: 'Photo Shop',
};

const silentLog = () => ({ info: vi.fn(), warn: vi.fn() });
const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value);

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let outboxDir: string;
beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'mailer-test-'));
});
afterAll(async () => {
  await rm(outboxDir, { recursive: true, force: true });
});

describe('createMailer over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers the mail with its To, Subject, the portal as sender, and both text and HTML parts', async () => {
    const log = silentLog();
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir, from: 'no-reply@shop.example', log });
    try {
      const sent = await mailer.send(message);
      expect(sent.where).toBe('smtp');
      expect(sent.file).toBeUndefined();
      const mail = smtp.received.find((m) => m.messageId === sent.messageId);
      expect(mail, 'the mail with the Message-ID send() answered').toBeDefined();
      expect(addresses(mail!.to).map((a) => a.address)).toEqual(['ada@example.com']);
      expect(mail!.from?.value).toEqual([{ name: 'Photo Shop', address: 'no-reply@shop.example' }]);
      expect(mail!.subject).toBe(message.subject);
      expect(mail!.text?.trim()).toBe(message.text);
      expect(mail!.html).toContain('<strong>3f2a9c41</strong>');
      expect(log.info).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('ada@example.com'));
    } finally {
      mailer.close();
    }
  });

  it('keeps a MAIL_FROM that has its own display name', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      outboxDir,
      from: '"Print Lab" <orders@shop.example>',
      log: silentLog(),
    });
    try {
      const sent = await mailer.send(message);
      const mail = smtp.received.find((m) => m.messageId === sent.messageId)!;
      expect(mail.from?.value).toEqual([{ name: 'Print Lab', address: 'orders@shop.example' }]);
    } finally {
      mailer.close();
    }
  });
});

describe('createMailer when the SMTP server will not take the mail', () => {
  it('rejects with a readable error when the server refuses the recipient', async () => {
    const smtp = await startSmtp({
      onRcptTo(address, _session, callback) {
        const refusal = Object.assign(new Error(`Mailbox ${address.address} unavailable`), {
          responseCode: 550,
        });
        callback(refusal);
      },
    });
    const mailer = createMailer({
      smtpUrl: smtp.url,
      outboxDir,
      from: 'no-reply@shop.example',
      log: silentLog(),
    });
    try {
      const failure = await mailer.send(message).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MailError);
      const error = failure as MailError;
      expect(error.message).toContain('ada@example.com');
      expect(error.message).toContain('Mailbox ada@example.com unavailable');
      expect(error.responseCode).toBe(550);
      expect(error.permanent).toBe(true);
      expect(smtp.received).toHaveLength(0);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it("rejects, without the URL's password, when nothing listens", async () => {
    const port = await closedPort();
    const mailer = createMailer({
      smtpUrl: `smtp://shop:s3cret@127.0.0.1:${port}`,
      outboxDir,
      from: 'no-reply@shop.example',
      log: silentLog(),
    });
    try {
      const failure = await mailer.send(message).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MailError);
      const error = failure as MailError;
      expect(error.message).toContain(`127.0.0.1:${port}`);
      expect(error.message).not.toContain('s3cret');
      expect(error.permanent).toBe(false);
    } finally {
      mailer.close();
    }
  });
});

describe('createMailer without SMTP', () => {
  afterEach(async () => {
    for (const name of await readdir(outboxDir)) await rm(path.join(outboxDir, name), { force: true });
  });

  it('writes an .eml file to the outbox that parses back to the same mail, and logs where', async () => {
    const log = silentLog();
    const mailer = createMailer({ smtpUrl: null, outboxDir, from: 'no-reply@localhost', log });
    const sent = await mailer.send(message);
    mailer.close();
    expect(sent.where).toBe('file');
    expect(path.dirname(sent.file!)).toBe(outboxDir);
    expect(await readdir(outboxDir)).toEqual([path.basename(sent.file!)]);
    expect(sent.file).toMatch(/\.eml$/);

    const mail = await simpleParser(await readFile(sent.file!));
    expect(mail.messageId).toBe(sent.messageId);
    expect(addresses(mail.to).map((a) => a.address)).toEqual(['ada@example.com']);
    expect(mail.from?.value).toEqual([{ name: 'Photo Shop', address: 'no-reply@localhost' }]);
    expect(mail.subject).toBe(message.subject);
    expect(mail.text?.trim()).toBe(message.text);
    expect(mail.html).toContain('<strong>3f2a9c41</strong>');
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ file: sent.file }),
      `Mail to ada@example.com written to ${sent.file}`,
    );
  });

  it('names the files so that sorting by name sorts by time', async () => {
    const start = Date.now();
    // Out of order on purpose, and across a change in the number of digits of the milliseconds.
    const times = [start + 86_400_000, start, start + 999, start + 1_000, start + 59_000];
    let next = 0;
    const mailer = createMailer({
      smtpUrl: null,
      outboxDir,
      from: 'no-reply@localhost',
      log: silentLog(),
      now: () => new Date(times[next++]!),
    });
    const files: string[] = [];
    for (const subject of ['a', 'b', 'c', 'd', 'e'])
      files.push((await mailer.send({ ...message, subject })).file!);
    const byName = (await readdir(outboxDir)).sort();
    const byTime = files
      .map((file, i) => ({ name: path.basename(file), at: times[i]! }))
      .sort((x, y) => x.at - y.at)
      .map((f) => f.name);
    expect(byName).toEqual(byTime);
    const mail = await simpleParser(await readFile(path.join(outboxDir, byName[0]!)));
    expect(mail.date?.getTime()).toBe(Math.floor(start / 1000) * 1000);
  });
});
