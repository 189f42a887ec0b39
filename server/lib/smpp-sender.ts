import { createHash } from 'node:crypto';
import smpp, { type PDU, type Session } from 'smpp';
import { smsEncoding, splitSms } from '../../common/sms-segments.rules.ts';
import type { Logger } from './logger.ts';
import type { SentSms, Sms, SmsReceipt, SmsSender } from './sms-sender.ts';

/** A connection and bind not made by then fails the send (retried by the outbox). */
const BIND_TIMEOUT_MS = 10_000;
/** A submit_sm without its response by then fails the send (retried by the outbox). */
const SUBMIT_TIMEOUT_MS = 10_000;
/** Keeps an idle connection open and notices a dead one (SMPP's enquire_link). */
const ENQUIRE_LINK_MS = 30_000;
/** After the gateway closed the connection: the first reconnect, doubling to the longest. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 60_000;

/** SMPP 3.4 data_coding: the SMSC's default alphabet (GSM 03.38), and UCS-2. */
const DATA_CODING = { 'GSM-7': 0x00, 'UCS-2': 0x08 } as const;
/** TON/NPI: an international number; an alphanumeric sender. */
const TON_INTERNATIONAL = 1;
const TON_ALPHANUMERIC = 5;
const NPI_ISDN = 1;
/** esm_class bit of a delivery receipt in a deliver_sm. */
const ESM_DELIVERY_RECEIPT = 0x04;

export interface SmppTarget {
  url: string;
  systemId: string;
  password: string;
}

/** smpp://system_id:password@host:port as the smpp package and the bind need it. */
export function parseSmppUrl(url: string): SmppTarget {
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol === 'ssmpp:' ? '3550' : '2775');
  return {
    url: `${parsed.protocol}//${parsed.hostname}:${port}`,
    systemId: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  };
}

/**
 * The 8-bit concatenation header (UDH) of part `seq` of `total`: every part of one message
 * carries the same reference, made from the message's id, so a resent message is one message.
 */
function concatHeader(id: string, total: number, seq: number): Buffer {
  const reference = createHash('sha256').update(id).digest()[0] ?? 0;
  return Buffer.from([0x05, 0x00, 0x03, reference, total, seq]);
}

/** The receipt a deliver_sm carries: from its TLVs, or the de-facto "id:… stat:…" text. */
export function readReceipt(pdu: PDU): SmsReceipt | null {
  const esmClass = Number(pdu.esm_class ?? 0);
  if (!(esmClass & ESM_DELIVERY_RECEIPT)) return null;
  const body = pdu.short_message as { message?: unknown } | string | undefined;
  const text = typeof body === 'string' ? body : String(body?.message ?? '');
  const id = (pdu.receipted_message_id as string | undefined) ?? text.match(/id:(\S+)/i)?.[1];
  const state = text.match(/stat:(\S+)/i)?.[1]?.toUpperCase() ?? '';
  if (!id) return null;
  return { gatewayId: id, delivered: state === 'DELIVRD', state: state || 'UNKNOWN' };
}

function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`SMPP: no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * SMS through an aggregator's SMPP 3.4 gateway (the `smpp` package, client side). One
 * connection, bound as a transceiver so delivery receipts come back on it. Each part is a
 * submit_sm, accepted when its response says so; a connection that drops takes its unanswered
 * submits with it (they fail, and the outbox tries the message again), and the sender connects
 * again — at once on the next send, and in the background with back-off, so receipts keep
 * coming. A gateway that kept a part it never answered for may get it twice: at least once,
 * like email (decision 011).
 */
export function smppSender(url: string, senderId: string, logger: Logger): SmsSender {
  const target = parseSmppUrl(url);
  const receiptListeners: ((receipt: SmsReceipt) => void)[] = [];
  let bound: Promise<Session> | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reconnectDelay = RECONNECT_FIRST_MS;
  /** Unanswered submits of the current connection: failed at once when it drops. */
  const inFlight = new Set<(error: Error) => void>();

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch(() => scheduleReconnect());
    }, reconnectDelay);
    reconnectTimer.unref?.();
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  function connect(): Promise<Session> {
    if (bound) return bound;
    let session: Session | undefined;
    const attempt = new Promise<Session>((resolve, reject) => {
      const connection = smpp.connect({
        url: target.url,
        auto_enquire_link_period: ENQUIRE_LINK_MS,
      });
      session = connection;
      let isBound = false;
      connection.on('connect', () => {
        connection.bind_transceiver(
          { system_id: target.systemId, password: target.password, interface_version: 0x34 },
          (pdu) => {
            if (pdu.command_status === 0) {
              isBound = true;
              reconnectDelay = RECONNECT_FIRST_MS;
              logger.info({ gateway: target.url }, 'SMPP gateway bound');
              resolve(connection);
            } else {
              reject(new Error(`SMPP bind refused (status ${pdu.command_status})`));
              connection.destroy();
            }
          },
        );
      });
      connection.on('deliver_sm', (pdu: PDU) => {
        connection.send(pdu.response());
        const receipt = readReceipt(pdu);
        if (receipt) for (const listener of receiptListeners) listener(receipt);
      });
      connection.on('enquire_link', (pdu: PDU) => connection.send(pdu.response()));
      connection.on('unbind', (pdu: PDU) => {
        connection.send(pdu.response());
        connection.close();
      });
      connection.on('error', (error: Error) => {
        if (!isBound) reject(error);
        logger.warn({ gateway: target.url, err: error.message }, 'SMPP connection error');
      });
      connection.on('close', () => {
        if (!isBound) reject(new Error('SMPP gateway closed the connection before the bind'));
        if (bound === attempt) bound = null;
        const dropped = new Error('SMPP gateway closed the connection');
        for (const fail of inFlight) fail(dropped);
        inFlight.clear();
        if (!closed && isBound) {
          logger.warn({ gateway: target.url }, 'SMPP connection lost; connecting again');
          scheduleReconnect();
        }
      });
    });
    bound = attempt;
    const timed = within(BIND_TIMEOUT_MS, 'bind', attempt);
    timed.catch(() => {
      // Not bound in time, or refused: this connection is given up (the next send makes one).
      if (bound === attempt) bound = null;
      session?.destroy();
    });
    return timed;
  }

  function submit(session: Session, fields: Record<string, unknown>): Promise<string> {
    return within(
      SUBMIT_TIMEOUT_MS,
      'submit_sm_resp',
      new Promise<string>((resolve, reject) => {
        const fail = (error: Error) => reject(error);
        inFlight.add(fail);
        const written = session.submit_sm(fields, (pdu) => {
          inFlight.delete(fail);
          if (pdu.command_status === 0) resolve(String(pdu.message_id ?? ''));
          else reject(new Error(`SMPP submit_sm refused (status ${pdu.command_status})`));
        });
        if (!written) {
          inFlight.delete(fail);
          reject(new Error('SMPP connection is not writable'));
        }
      }),
    );
  }

  const alphanumeric = !/^\+?\d+$/.test(senderId);
  return {
    async send(sms: Sms): Promise<SentSms> {
      if (closed) throw new Error('SMS sender is closed');
      const session = await connect();
      const encoding = smsEncoding(sms.text);
      const parts = splitSms(sms.text);
      let gatewayId: string | null = null;
      for (const [index, part] of parts.entries()) {
        const id = await submit(session, {
          source_addr: senderId.replace(/^\+/, ''),
          source_addr_ton: alphanumeric ? TON_ALPHANUMERIC : TON_INTERNATIONAL,
          source_addr_npi: alphanumeric ? 0 : NPI_ISDN,
          destination_addr: sms.to.replace(/^\+/, ''),
          dest_addr_ton: TON_INTERNATIONAL,
          dest_addr_npi: NPI_ISDN,
          data_coding: DATA_CODING[encoding],
          registered_delivery: 1,
          short_message:
            parts.length === 1
              ? { message: part }
              : { udh: concatHeader(sms.id, parts.length, index + 1), message: part },
        });
        gatewayId ??= id || null;
      }
      return { gatewayId };
    },
    onReceipt(listener) {
      receiptListeners.push(listener);
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = bound;
      bound = null;
      const session = await current?.catch(() => null);
      if (!session) return;
      await new Promise<void>((resolve) => {
        const done = setTimeout(() => {
          session.destroy();
          resolve();
        }, 1000);
        session.unbind({}, () => {
          clearTimeout(done);
          session.destroy(() => resolve());
        });
      });
    },
  };
}
