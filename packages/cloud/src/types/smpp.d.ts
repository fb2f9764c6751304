/**
 * Minimal typings for the parts of the `smpp` package (node-smpp 0.5, CommonJS, no @types package) that the cloud
 * uses: a client session (plugins/smpp.ts) and a server (test/smpp-server.ts). PDU fields are the SMPP
 * specification's names; a decoded short_message is `{ udh?, message }` (library/defs.js filters.message).
 */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  /** A short_message or message_payload as the library decodes it: UDH elements and the decoded text. */
  export interface DecodedMessage {
    udh?: Buffer[];
    message: string | Buffer;
  }

  /** A PDU: the header, then the command's parameters and TLVs by their specification names. */
  export interface Pdu {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    system_id?: string;
    password?: string;
    source_addr?: string;
    source_addr_ton?: number;
    source_addr_npi?: number;
    destination_addr?: string;
    dest_addr_ton?: number;
    dest_addr_npi?: number;
    esm_class?: number;
    data_coding?: number;
    registered_delivery?: number;
    short_message?: DecodedMessage | Buffer | string;
    message_payload?: DecodedMessage | Buffer | string;
    message_id?: string;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  }

  export type ResponseCallback = (pdu: Pdu) => void;

  /** One SMPP connection, client or server side; each SMPP operation is also a method. */
  export interface Session extends EventEmitter {
    readonly socket: import('node:net').Socket;
    send(pdu: Pdu, responseCallback?: ResponseCallback, sendCallback?: ResponseCallback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
    submit_sm(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
    deliver_sm(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
    enquire_link(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
    unbind(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
  }

  export interface ConnectOptions {
    host: string;
    port: number;
    tls?: boolean;
    servername?: string;
    /** The library's own enquire_link timer (it never checks the answers). */
    auto_enquire_link_period?: number;
  }

  /** A server: node's net.Server plus the sessions it holds. */
  export interface Server extends NetServer {
    readonly sessions: Session[];
  }

  interface GsmCoder {
    /** GSM 03.38 default alphabet (and its extension table), unpacked: one octet per septet. */
    encode(text: string, shiftTable: number): Buffer;
    decode(octets: Buffer, shiftTable: number): string;
    GSM: { charRegex: RegExp };
  }

  interface Smpp {
    connect(options: ConnectOptions): Session;
    createServer(listener?: (session: Session) => void): Server;
    errors: Record<string, number>;
    gsmCoder: GsmCoder;
  }

  const smpp: Smpp;
  export default smpp;
}
