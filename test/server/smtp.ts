/** A real SMTP server for the mail tests (smtp-server), its mails parsed with mailparser as they arrive. */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export async function startSmtp(options: Partial<SMTPServerOptions> = {}) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Its self-signed certificate would fail nodemailer's opportunistic STARTTLS.
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        done();
      }, done);
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
