// The `smpp` package (node-smpp) ships no types: what RedHope uses of it, client and server side.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  export interface PDU {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(options?: Record<string, unknown>): PDU;
    isResponse(): boolean;
  }

  type Callback = (pdu: PDU) => void;

  export class Session extends EventEmitter {
    socket: import('node:net').Socket;
    send(pdu: PDU, responseCallback?: Callback, sendCallback?: Callback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, callback?: Callback): boolean;
    submit_sm(options: Record<string, unknown>, callback?: Callback): boolean;
    deliver_sm(options: Record<string, unknown>, callback?: Callback): boolean;
    enquire_link(options?: Record<string, unknown>, callback?: Callback): boolean;
    unbind(options?: Record<string, unknown>, callback?: Callback): boolean;
  }

  export class Server extends NetServer {
    sessions: Session[];
  }

  export function connect(
    options: { url: string; auto_enquire_link_period?: number; [key: string]: unknown },
    listener?: () => void,
  ): Session;
  export function createServer(listener: (session: Session) => void): Server;

  export const ESME_ROK: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RSYSERR: number;
  export const ESME_RTHROTTLED: number;
}
