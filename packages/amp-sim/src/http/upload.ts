/**
 * `POST /http-multipart-form-data-upload.cgi` (spec 2 §7, spec 3 §7): one file in the multipart field `file`
 * (other fields, such as the console's `submit` marker, are read and ignored). The file name picks the target:
 * `ca.pem` / `client.pem` / `client.key` fill an 802.1X slot, `{PREFIX}-{a.b.c.d}.tar.xz.enc` starts a firmware
 * update; anything else is 'Invalid file type'.
 *
 * Every reply is JSON `{"status": "Success" | "Failure", "message": string}`:
 * - 200 Success: 802.1X file stored and valid, or firmware accepted (the update then runs on its own; watch
 *   `/misc fwUpdateStatus`).
 * - 400: no file, an unknown file name ('Invalid file type'), a firmware name breaking the grammar, 802.1X on a
 *   model without it, a malformed multipart body. 409: a firmware update is already running.
 * - 413: the file is over the limit (64 KiB for 802.1X files, `maxUploadBytes`, default 64 MiB, for firmware).
 * - 415: the body is not multipart/form-data. 422: an 802.1X file that is not PEM (the slot then reads uploaded
 *   but not valid). 503: the amp's network is down.
 * Nothing changes on any failure except 422, which records the invalid file.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Amp } from '../amp';
import { looksLikeFirmwareName, parseFirmwareName } from '../firmware/image';
import type { FirmwareUpdater } from '../firmware/updater';
import { DOT1X_FILE_NAMES, MAX_DOT1X_FILE_BYTES, checkPem, dot1xDelta } from './dot1x';

/** The path of the upload CGI. */
export const UPLOAD_CGI_PATH = '/http-multipart-form-data-upload.cgi';

/** The JSON body of every upload CGI reply. */
export interface UploadReply {
  readonly status: 'Success' | 'Failure';
  readonly message: string;
}

interface Received {
  readonly name: string;
  readonly bytes: Buffer;
}

const send = (reply: FastifyReply, code: number, message: string): FastifyReply =>
  reply.code(code).send({ status: code < 300 ? 'Success' : 'Failure', message } satisfies UploadReply);

/** Browsers used to send a full path ("C:\fakepath\ca.pem"): keep the last segment. */
const baseName = (name: string): string => name.split(/[\\/]/).pop() ?? '';

const errorCode = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

/** Registers the upload CGI on a Fastify scope that has @fastify/multipart. */
export function registerUploadRoute(
  scope: FastifyInstance,
  amp: Amp,
  opts: { firmware: FirmwareUpdater; maxUploadBytes: number },
): void {
  scope.post(UPLOAD_CGI_PATH, async (request, reply) => {
    if (!request.isMultipart())
      return send(reply, 415, 'expected multipart/form-data with the file in a field named file');
    let file: Received | undefined;
    try {
      const parts = request.parts({ limits: { fileSize: opts.maxUploadBytes, files: 1, fields: 16, fieldSize: 4096 } });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file') {
          part.file.resume(); // not ours: let the parser move on
          continue;
        }
        // busboy leaves filename undefined for an empty file input, whatever the types say
        const name = (part.filename as string | undefined) ?? '';
        file = { name: baseName(name), bytes: await part.toBuffer() };
      }
    } catch (err) {
      request.raw.resume(); // read what is left so the client can read our answer
      const code = errorCode(err);
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        return send(reply, 413, `file too large: the limit is ${opts.maxUploadBytes} bytes`);
      if (code === 'FST_FILES_LIMIT') return send(reply, 400, 'send one file per upload');
      return send(reply, 400, `malformed multipart body${err instanceof Error ? `: ${err.message}` : ''}`);
    }
    if (!file || file.name === '') return send(reply, 400, 'no file: send it in a multipart field named file');
    if (!amp.networkUp) return send(reply.header('connection', 'close'), 503, 'network down');

    const slot = DOT1X_FILE_NAMES.get(file.name);
    if (slot) {
      if (!amp.model.caps.dot1x) return send(reply, 400, '802.1X is not supported on this model');
      if (file.bytes.length > MAX_DOT1X_FILE_BYTES)
        return send(reply, 413, `file too large: the limit for 802.1X files is ${MAX_DOT1X_FILE_BYTES} bytes`);
      const problem = checkPem(slot, file.bytes);
      amp.apply(dot1xDelta(slot, problem === undefined), 'client');
      return problem ? send(reply, 422, problem) : send(reply, 200, `${slot} uploaded`);
    }
    if (looksLikeFirmwareName(file.name)) {
      if (!parseFirmwareName(file.name))
        return send(reply, 400, 'Invalid file name: firmware images are named {PREFIX}-{a.b.c.d}.tar.xz.enc');
      if (opts.firmware.busy) return send(reply, 409, 'a firmware update is already in progress');
      opts.firmware.startFromBuffer(file.name, file.bytes).catch(() => undefined); // outcome is in /misc fwUpdateStatus
      return send(reply, 200, 'firmware update started');
    }
    return send(reply, 400, 'Invalid file type');
  });
}
