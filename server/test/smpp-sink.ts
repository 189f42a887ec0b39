import type { AddressInfo } from 'node:net';
import smpp, { type PDU, type Session } from 'smpp';

/** One submit_sm the gateway accepted: what a phone would get, part by part. */
export interface ReceivedPart {
  to: string;
  from: string;
  dataCoding: number;
  /** The concatenation header's [reference, total, sequence], or null for a single SMS. */
  concat: [number, number, number] | null;
  text: string;
  messageId: string;
  registeredDelivery: number;
}

export interface SmppSink {
  url: string;
  port: number;
  parts: ReceivedPart[];
  /** The next submit_sm is not answered: the gateway drops the connection instead. */
  dropNextSubmit: () => void;
  /** submit_sm received and dropped unanswered. */
  dropped: number;
  /** Binds made (a reconnect makes another). */
  binds: number;
  /** Sends a delivery receipt for `messageId` to the bound client. */
  sendReceipt: (messageId: string, state: string) => Promise<void>;
  close: () => Promise<void>;
}

export const SMPP_SYSTEM_ID = 'redhope';
export const SMPP_PASSWORD = 'secret1';

/**
 * A real SMPP 3.4 gateway on 127.0.0.1 (the `smpp` package's server side), for tests: it binds
 * transceivers with SMPP_SYSTEM_ID/SMPP_PASSWORD, accepts every submit_sm (message ids msg-1,
 * msg-2, …) and records what arrived, and can drop the connection mid-send or send receipts.
 */
export async function startSmppSink(port = 0): Promise<SmppSink> {
  const sessions = new Set<Session>();
  let dropNext = false;
  let sequence = 0;
  const sink: SmppSink = {
    url: '',
    port: 0,
    parts: [],
    dropped: 0,
    binds: 0,
    dropNextSubmit: () => {
      dropNext = true;
    },
    async sendReceipt(messageId, state) {
      const [session] = sessions;
      if (!session) throw new Error('no client is bound');
      await new Promise<void>((resolve) => {
        session.deliver_sm(
          {
            esm_class: 0x04,
            short_message: `id:${messageId} sub:001 dlvrd:001 submit date:2603121000 done date:2603121001 stat:${state} err:000 text:`,
          },
          () => resolve(),
        );
      });
    },
    close: async () => {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = smpp.createServer((session) => {
    session.on('error', () => {});
    session.on('close', () => sessions.delete(session));
    session.on('bind_transceiver', (pdu: PDU) => {
      const ok = pdu.system_id === SMPP_SYSTEM_ID && pdu.password === SMPP_PASSWORD;
      session.send(pdu.response({ command_status: ok ? 0 : smpp.ESME_RBINDFAIL }));
      if (!ok) return session.close();
      sink.binds += 1;
      sessions.add(session);
    });
    session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: PDU) => {
      if (dropNext) {
        dropNext = false;
        sink.dropped += 1;
        session.destroy();
        return;
      }
      sequence += 1;
      const messageId = `msg-${sequence}`;
      const body = pdu.short_message as { message: string; udh?: Buffer[] };
      const header = body.udh?.find((element) => element[0] === 0x00);
      sink.parts.push({
        to: String(pdu.destination_addr),
        from: String(pdu.source_addr),
        dataCoding: Number(pdu.data_coding),
        concat: header ? [header[2] ?? 0, header[3] ?? 0, header[4] ?? 0] : null,
        text: body.message,
        messageId,
        registeredDelivery: Number(pdu.registered_delivery),
      });
      session.send(pdu.response({ message_id: messageId }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const bound = (server.address() as AddressInfo).port;
  sink.port = bound;
  sink.url = `smpp://${SMPP_SYSTEM_ID}:${SMPP_PASSWORD}@127.0.0.1:${bound}`;
  return sink;
}

/** One SMS as a phone shows it: its parts joined (in the order they arrived). */
export interface ReceivedSms {
  to: string;
  text: string;
  dataCoding: number;
  /** The gateway's id of its first part: what a delivery receipt names. */
  messageId: string;
  parts: number;
}

/** The SMS `parts` make: a concatenated message's parts are joined into one. */
export function messagesOf(parts: readonly ReceivedPart[]): ReceivedSms[] {
  const messages: ReceivedSms[] = [];
  for (const part of parts) {
    const last = messages.at(-1);
    const continues = part.concat && part.concat[2] > 1 && last?.to === part.to;
    if (continues && last) {
      last.text += part.text;
      last.parts += 1;
      continue;
    }
    const { to, text, dataCoding, messageId } = part;
    messages.push({ to, text, dataCoding, messageId, parts: 1 });
  }
  return messages;
}
