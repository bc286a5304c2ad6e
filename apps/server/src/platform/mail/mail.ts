import type { AddressInfo } from 'node:net';

/** A plain-text message to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the SMTP server has accepted the message; rejects when it did not. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Where caught mail and SMS land in the outbox mode (the dev_outbox table). */
export type OutboxSink = (entry: {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}) => Promise<void>;

/**
 * Mail goes out through nodemailer over SMTP. In the outbox mode the SMTP server is an in-process
 * one on a random loopback port (smtp-server) that hands every message to `outbox`, so development,
 * the API tests and the browser tests use the same SMTP path as production and never mail anyone.
 */
export async function createMailer(opts: { smtpUrl?: string; from: string; outbox?: OutboxSink }): Promise<Mailer> {
  const nodemailer = (await import('nodemailer')).default;
  if (opts.outbox) {
    const catcher = await startLoopbackSmtp(opts.outbox);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: catcher.port,
      secure: false,
      ignoreTLS: true,
    });
    return {
      send: async (m) => void (await transport.sendMail({ from: opts.from, textEncoding: 'base64', ...m })),
      async close() {
        transport.close();
        await catcher.close();
      },
    };
  }
  if (!opts.smtpUrl) throw new Error('createMailer: SMTP_URL or an outbox is required');
  // A small pool keeps connections to the relay open between messages.
  const transport = nodemailer.createTransport(`${opts.smtpUrl}${opts.smtpUrl.includes('?') ? '&' : '?'}pool=true`);
  return {
    send: async (m) => void (await transport.sendMail({ from: opts.from, ...m })),
    close: async () => transport.close(),
  };
}

const CAUGHT_MESSAGE_MAX_BYTES = 256 * 1024;

async function startLoopbackSmtp(sink: OutboxSink): Promise<{ port: number; close(): Promise<void> }> {
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: CAUGHT_MESSAGE_MAX_BYTES,
    logger: false,
    banner: 'portal outbox',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(new Error('message too large'));
        const { subject, text } = parseCaughtMessage(Buffer.concat(chunks).toString('latin1'));
        // The envelope's recipients, not the To: header, say where the message was going.
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        Promise.all(recipients.map((recipient) => sink({ channel: 'email', recipient, subject, body: text }))).then(
          () => callback(),
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Reads subject and text of a message this server composed (one text/plain part in base64,
 * quoted-printable or 7bit; RFC 2047 subject). Not a general MIME parser: it only has to read our own
 * mail back in the outbox mode. `raw` is the message as latin1, one character per byte.
 */
export function parseCaughtMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split === -1 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const body = split === -1 ? '' : raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(body);
  else bytes = Buffer.from(body, 'latin1');
  const text = bytes.toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '');
  return { subject: decodeEncodedWords(header('Subject')), text };
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(soft.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** RFC 2047: adjacent encoded words join without the space between them; bytes join before UTF-8 decoding. */
function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  if (!word.test(value)) return value;
  word.lastIndex = 0;
  const parts: Buffer[] = [];
  let last = 0;
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const between = value.slice(last, m.index);
    if (!/^\s*$/.test(between) || last === 0) parts.push(Buffer.from(between, 'latin1'));
    const data = m[3]!;
    parts.push(
      m[2]!.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
    last = m.index + m[0].length;
  }
  parts.push(Buffer.from(value.slice(last), 'latin1'));
  return Buffer.concat(parts).toString('utf8');
}
