import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the sink accepted. */
export interface ReceivedEmail {
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
  /** The header lines, unfolded from nothing: as they arrived. */
  headers: string;
  /** The plain-text body, decoded (quoted-printable or base64, as nodemailer chose). */
  text: string;
  /** The HTML body, decoded; '' when the message has none. */
  html: string;
}

/** A header's text: RFC 2047 encoded words (`=?UTF-8?B?…?=`, as for a Bangla subject) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

function bodyOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/^Content-Transfer-Encoding: base64/im.test(head))
    return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** The plain-text and HTML bodies of a message, single part or multipart/alternative. */
function bodiesOf(raw: string): { text: string; html: string } {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
  const boundary = head.match(/boundary="?([^";\r\n]+)"?/i)?.[1];
  const isHtml = (part: string) =>
    /^Content-Type: text\/html/im.test(part.slice(0, part.search(/\r?\n\r?\n/)));
  if (!boundary)
    return isHtml(raw) ? { text: '', html: bodyOf(raw) } : { text: bodyOf(raw), html: '' };
  const parts = raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => part.replace(/^\r?\n/, ''));
  const html = parts.find(isHtml);
  const text = parts.find((part) => !isHtml(part));
  // Lines as a program reading the message sees them (SMTP sends CRLF).
  return { text: text ? bodyOf(text).replace(/\r\n/g, '\n') : '', html: html ? bodyOf(html) : '' };
}

/**
 * A real SMTP server on 127.0.0.1 for tests (the `smtp-server` package): the mailer under test
 * speaks SMTP to it as to any other. `hold` makes it take a message's data and never answer, as
 * a server stuck mid-send; `accepted` holds what it answered 250 to.
 */
export async function startSmtpSink(port = 0, { delayMs = 0 } = {}) {
  const accepted: ReceivedEmail[] = [];
  // Messages whose data arrived, answered or not.
  let received = 0;
  let hold = false;
  let onHeld: (() => void) | undefined;
  // While paused, messages are taken but answered only on resume (a slow server, not a dead one).
  let paused: { done: Promise<void>; resume: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        if (hold) {
          onHeld?.();
          return; // never answered: the sender is left mid-send
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const header = (name: string) =>
          raw
            .match(new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im'))?.[1]
            ?.replace(/\r?\n[ \t]/g, ' ') ?? '';
        const accept = () => {
          accepted.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: decodeWords(header('Subject')),
            messageId: header('Message-ID'),
            raw,
            headers: raw.slice(0, raw.search(/\r?\n\r?\n/)),
            ...bodiesOf(raw),
          });
          callback();
        };
        // A slow server: each message takes a while, as over a real network.
        const answer = () => (delayMs ? setTimeout(accept, delayMs) : accept());
        if (paused) void paused.done.then(answer);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    accepted,
    /** How many messages' data arrived, answered or not. */
    received: () => received,
    /** From now on, take each message's data and never answer; resolves on the first such. */
    holdNext(): Promise<void> {
      hold = true;
      return new Promise((resolve) => {
        onHeld = resolve;
      });
    },
    /** Answer messages again. */
    release() {
      hold = false;
    },
    /** From now on, take messages but answer none until `resume` (then all of them). */
    pause() {
      let resume: () => void = () => undefined;
      const done = new Promise<void>((resolve) => {
        resume = resolve;
      });
      paused = { done, resume };
    },
    resume() {
      paused?.resume();
      paused = undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
