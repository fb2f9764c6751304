/**
 * Security headers on every reply (issue 16, docs/security.md): @fastify/helmet with a strict Content Security Policy
 * for the console the cloud serves, framing refused, no MIME sniffing, no referrer, HSTS only when PUBLIC_URL is
 * https. The console has no inline script (index.html carries only <meta> tags, plugins/web-app.ts), so scripts are
 * 'self' only; MUI's emotion injects <style> elements at run time, so styles allow 'unsafe-inline' (a nonce would need
 * the console to hand it to emotion's cache; styles cannot run code, scripts stay strict). Swagger UI at
 * {API}/docs works under the same policy (its scripts and styles are files of its own).
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The Content-Security-Policy directives for a cloud at `publicUrl` (helmet's form: camel-case names, lists). */
export function cspDirectives(publicUrl: string): Record<string, string[]> {
  const url = new URL(publicUrl);
  const https = url.protocol === 'https:';
  // the remote device-API relay is a WebSocket on the cloud's own origin; 'self' covers ws(s): in CSP3 browsers,
  // the explicit origin covers the others
  const socket = `${https ? 'wss' : 'ws'}://${url.host}`;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // index.html's icon is `data:,`; MUI's icons are inline SVG
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", socket],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** Registers helmet on the whole app (every route, the 404 handler and error replies included). */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'PUBLIC_URL'>): Promise<void> {
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config.PUBLIC_URL) },
    // X-Frame-Options for browsers without frame-ancestors
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // amps fetch firmware downloads and devices register from other origins, but not through a browser: same-site
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
}
