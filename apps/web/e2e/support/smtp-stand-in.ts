/**
 * For the e2e specs: a local stand-in of the shop's mail server. A real SMTP server (no
 * authentication, no STARTTLS) receives what the main e2e shop sends with SMTP_URL pointed at
 * it, parses each message, and an HTTP server shows them as JSON:
 *   GET /health            → 200 once both servers listen (Playwright's readiness check)
 *   GET /messages?to=ADDR  → the messages sent to ADDR (every message without `to`), oldest first
 * Run by Playwright as a web server; stops on SIGTERM. Messages live in memory only.
 */
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_STAND_IN_SMTP_PORT ?? 4348);
const httpPort = Number(process.env.SMTP_STAND_IN_HTTP_PORT ?? 4347);

/** A received message as GET /messages answers it (see support/mail.ts). */
interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  receivedAt: string;
}

const received: ReceivedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  banner: 'Toolyard e2e SMTP stand-in',
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: mail.from?.text ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          messageId: mail.messageId ?? '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
  },
});
smtp.on('error', (err) => console.error('SMTP stand-in:', err));

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  if (request.method !== 'GET') return json(405, { error: 'method_not_allowed' });
  if (url.pathname === '/health') return json(200, { ok: true, messages: received.length });
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return json(200, to ? received.filter((m) => m.to.includes(to)) : received);
  }
  return json(404, { error: 'not_found' });
});

await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
console.log(
  `SMTP stand-in: SMTP on 127.0.0.1:${smtpPort}, messages on http://127.0.0.1:${httpPort}`,
);

const stop = () => {
  http.close();
  // Connections left open by the shop would hold smtp.close() for its closeTimeout.
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
