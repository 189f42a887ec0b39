/**
 * Sends SMS (issue 28); null in AppDeps when SMS_URL is not set (SMS is off). Two kinds: an
 * aggregator's SMPP 3.4 gateway (smpp-sender.ts) and an HTTP API (http-sms-sender.ts).
 */

/** One SMS: `id` is its outbox job's, the same on every attempt; `to` is +8801XXXXXXXXX. */
export interface Sms {
  id: string;
  to: string;
  text: string;
}

/** What the gateway said: its id of the message (of its first part when split), or none. */
export interface SentSms {
  gatewayId: string | null;
}

/** A delivery receipt: the gateway's id of a message and whether it reached the phone. */
export interface SmsReceipt {
  gatewayId: string;
  delivered: boolean;
  /** The gateway's own word for the state (DELIVRD, UNDELIV, EXPIRED, …). */
  state: string;
}

export interface SmsSender {
  /** Resolves once the gateway accepted the SMS (every part); rejects otherwise (retried). */
  send: (sms: Sms) => Promise<SentSms>;
  /** Who hears delivery receipts (the server records them on its sent messages). */
  onReceipt: (listener: (receipt: SmsReceipt) => void) => void;
  close: () => Promise<void>;
}
