import http from 'node:http';
import { startSmtpListener } from '../../../api/test/smtp-listener.ts';
import { E2E_MAIL_PORT, E2E_SMTP_PORT } from './env.ts';

/**
 * The browser tests' mailbox, started by Playwright beside the app: a real SMTP listener the app
 * delivers to (SMTP_URL), and a small HTTP view of what arrived (`GET /messages?to=`).
 */
const smtp = await startSmtpListener(E2E_SMTP_PORT);

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') {
    response.end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    const messages = smtp.received.filter((mail) => !to || mail.to.includes(to));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(messages));
    return;
  }
  response.statusCode = 404;
  response.end();
});
server.listen(E2E_MAIL_PORT, '127.0.0.1');

const stop = () => {
  server.close();
  void smtp.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
