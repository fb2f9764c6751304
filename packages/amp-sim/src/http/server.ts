/**
 * The amp's own HTTP server: `GET /host`, the upload CGI, CORS for a console served from elsewhere, and the
 * built web app (local mode, as a real amp serves it). Routes of this file answer 503 while the amp's network is
 * unplugged; routes added by `plugins` (e.g. fault control) live outside that guard and keep working.
 *
 * `GET /host` answers JSON `{"host": "{amp ip}:{deviceApiPort}"}`: where the console opens the device API
 * WebSocket in simulator mode.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Amp } from '../amp';
import { FirmwareUpdater, MAX_FIRMWARE_BYTES } from '../firmware/updater';
import { registerUploadRoute, type UploadReply } from './upload';

/** Options of startAmpHttp. */
export interface AmpHttpOptions {
  readonly host: string;
  readonly port: number;
  /** Folder of the built web app; served (with a fallback to index.html for app routes) when it exists. */
  readonly webRoot?: string;
  /** Mount extra routes (fault control, fleet admin); they are not subject to the network guard. */
  readonly plugins?: ReadonlyArray<(app: FastifyInstance) => void | Promise<void>>;
  /** Divides firmware step durations (ignored when `firmware` is given). */
  readonly speed?: number;
  /** A shared updater (so that the cloud agent and the CGI drive the same machine); one is made otherwise. */
  readonly firmware?: FirmwareUpdater;
  /** The port `GET /host` names for the device API (default 1234, spec 2 §7). */
  readonly deviceApiPort?: number;
  /** Largest accepted upload in bytes (default 64 MiB). */
  readonly maxUploadBytes?: number;
  /**
   * A development cloud's registration URL (e.g. `http://127.0.0.1:8090/api/devices/register`): the served
   * index.html then carries `<meta name="rackside-dev-cloud" content="…">`, and the console's Connect to account
   * page offers the development and test regions with that endpoint (spec 1 §5). Unset: the file is served as is.
   */
  readonly devCloudEndpoint?: string;
}

/** A running amp HTTP server. */
export interface AmpHttpServer {
  readonly port: number;
  readonly app: FastifyInstance;
  readonly firmware: FirmwareUpdater;
  close(): Promise<void>;
}

/** `GET /host` reply. */
export interface HostReply {
  readonly host: string;
}

function cors(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('access-control-allow-origin', request.headers.origin ?? '*');
  reply.header('vary', 'origin');
  reply.header('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
  reply.header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? 'content-type');
  reply.header('access-control-max-age', '600');
  if (request.method === 'OPTIONS') {
    void reply.code(204).send();
    return;
  }
  done();
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with `<meta name="rackside-dev-cloud">` added at the end of its head (or at its start without one). */
export function withDevCloudTag(html: string, endpoint: string): string {
  const tag = `<meta name="rackside-dev-cloud" content="${escapeAttribute(endpoint)}">`;
  if (html.includes('</head>')) return html.replace('</head>', `${tag}</head>`);
  const doctype = /^<!doctype html>/i.exec(html)?.[0] ?? '';
  return `${doctype}${tag}${html.slice(doctype.length)}`;
}

const ASSET_EXTENSION = /\.(js|mjs|css|map|html|json|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|txt|webmanifest)$/i;

/** Starts the amp's HTTP server (host, upload CGI, web app) and resolves once it listens. */
export async function startAmpHttp(amp: Amp, opts: AmpHttpOptions): Promise<AmpHttpServer> {
  const firmware = opts.firmware ?? new FirmwareUpdater(amp, opts.speed !== undefined ? { speed: opts.speed } : {});
  const app = Fastify({ logger: false });
  app.addHook('onRequest', cors);

  await app.register(async (scope) => {
    scope.addHook('onRequest', (_request, reply, done) => {
      if (amp.networkUp) return done();
      void reply
        .code(503)
        .header('connection', 'close')
        .send({ status: 'Failure', message: 'network down' } satisfies UploadReply);
    });
    await scope.register(fastifyMultipart);
    scope.get('/host', () => ({ host: `${amp.identity.ip}:${opts.deviceApiPort ?? 1234}` }) satisfies HostReply);
    registerUploadRoute(scope, amp, { firmware, maxUploadBytes: opts.maxUploadBytes ?? MAX_FIRMWARE_BYTES });
    if (opts.webRoot !== undefined && existsSync(join(opts.webRoot, 'index.html'))) {
      const webRoot = opts.webRoot;
      const devCloud = opts.devCloudEndpoint;
      // with a development cloud, index.html is tagged (read per request, like the cloud's web-app plugin)
      const sendIndex = async (reply: FastifyReply) =>
        devCloud === undefined
          ? reply.sendFile('index.html')
          : reply
              .code(200)
              .type('text/html; charset=utf-8')
              .header('cache-control', 'no-cache')
              .send(withDevCloudTag(await readFile(join(webRoot, 'index.html'), 'utf8'), devCloud));
      await scope.register(fastifyStatic, { root: webRoot, ...(devCloud === undefined ? {} : { index: false }) });
      if (devCloud !== undefined) {
        // more specific than the static wildcard: the untagged file is never served as is
        scope.get('/', (_request, reply) => sendIndex(reply));
        scope.get('/index.html', (_request, reply) => sendIndex(reply));
      }
      // An app route (/amps/127.0.1.2/channels) is not a file: answer index.html and let the app's router take it.
      // Only a missing asset (a name with a file extension the app ships, like .js or .png) is a 404.
      scope.setNotFoundHandler((request, reply) => {
        const last = request.url.split('?')[0]?.split('/').pop() ?? '';
        if ((request.method === 'GET' || request.method === 'HEAD') && !ASSET_EXTENSION.test(last))
          return sendIndex(reply);
        return reply.code(404).send({ status: 'Failure', message: `not found: ${request.url}` });
      });
    }
  });
  for (const plugin of opts.plugins ?? []) await plugin(app);

  const offNetwork = amp.onNetwork((up) => {
    if (!up) app.server.closeIdleConnections(); // keep-alive sockets die with the cable; busy ones end with their reply
  });
  try {
    await app.listen({ host: opts.host, port: opts.port });
  } catch (err) {
    offNetwork();
    if (!opts.firmware) firmware.dispose();
    throw err;
  }
  return {
    port: (app.server.address() as AddressInfo).port,
    app,
    firmware,
    async close() {
      offNetwork();
      if (!opts.firmware) firmware.dispose();
      await app.close();
    },
  };
}
