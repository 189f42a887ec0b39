import nodemailer from 'nodemailer';
import { oneLine } from './email-content.ts';

/**
 * One email: plain text, and HTML beside it when given (server/lib/email-content.ts renders
 * both). `id` makes its Message-ID, the same on every attempt to send it.
 */
export interface Email {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** Sends email; null in AppDeps when SMTP_URL is not set (email is off). */
export interface Mailer {
  send: (email: Email) => Promise<void>;
  close: () => void;
}

/**
 * Email through the SMTP server SMTP_URL names (nodemailer). Time limits keep a stuck server
 * from holding a job past its lease: a send that cannot finish in them fails and is retried.
 */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    // Connections are kept and reused between messages (the outbox sends them one by one).
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'redhope.local';
  return {
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        // One line whoever wrote it: a line break in a subject must never start a header.
        subject: oneLine(email.subject, 200),
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        messageId: `<${email.id}@${domain}>`,
      });
    },
    close: () => transport.close(),
  };
}
