/**
 * The web app at / (docs/adr/0003): static files from WEB_ROOT, and index.html for every client-side route. The
 * index.html the cloud serves names its host: the console reads `<meta name="rackside-hosting">` to run in cloud
 * mode (spec 1 §1 "two hosting modes"; an amp serves the same file untouched, so the console runs in local mode
 * there) and `<meta name="rackside-api">` for the API base. The tag is there before any script runs: no request, no
 * flash of the wrong mode, and it works on any host name (the spec's "host name contains the provider name" would
 * tie the mode to a DNS name a self-hosted cloud cannot promise).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ResolvedConfig } from '../config';
import { sendNotFound } from './errors';

/** The hosting mode the console reads: 'cloud', or 'cloud-china' on the China cloud (spec 1 §1, §2 Preferences). */
export const hostingOf = (config: Pick<ResolvedConfig, 'CHINA_CLOUD'>): 'cloud' | 'cloud-china' =>
  config.CHINA_CLOUD ? 'cloud-china' : 'cloud';

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** index.html with the hosting tags added at the end of its head (or at its start when it has no head). */
export function withHostingTags(html: string, config: Pick<ResolvedConfig, 'CHINA_CLOUD' | 'API_PREFIX'>): string {
  const tags =
    `<meta name="rackside-hosting" content="${hostingOf(config)}">` +
    `<meta name="rackside-api" content="${escapeAttribute(config.API_PREFIX)}">`;
  if (html.includes('</head>')) return html.replace('</head>', `${tags}</head>`);
  const doctype = /^<!doctype html>/i.exec(html)?.[0] ?? '';
  return `${doctype}${tags}${html.slice(doctype.length)}`;
}

/** Serves WEB_ROOT at / with the tagged index.html for `/`, `/index.html` and every non-API GET that matches no file. */
export async function registerWebApp(app: FastifyInstance, config: ResolvedConfig, webRoot: string): Promise<void> {
  const prefix = config.API_PREFIX;
  // read per request: a rebuild of the console (npm run build -w @rackside/web) shows without a restart
  const sendIndex = async (reply: FastifyReply) =>
    reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withHostingTags(await readFile(join(webRoot, 'index.html'), 'utf8'), config));
  await app.register(fastifyStatic, { root: webRoot, wildcard: true, index: false });
  // more specific than the static wildcard: the untagged file is never served as is
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  // A client-side route (/venues, /login…) loaded directly gets the app's index.html; API paths stay JSON 404s.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === prefix || path.startsWith(`${prefix}/`);
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi) {
      return sendIndex(reply);
    }
    return sendNotFound(request, reply);
  });
}
