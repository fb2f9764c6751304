// `npm run cluster`: a local cluster of the cloud (issue 20, docs/deploy.md "A local cluster"). N cloud nodes
// (`npm run cloud`'s packages/cloud/src/main.ts, each a child process) on one PostgreSQL database, the machine's
// Mosquitto with shared subscriptions and its Redis, behind Debian's haproxy; Ctrl+C stops them all.
//
//   npm run cluster                       3 nodes on 8101-8103, haproxy on http://127.0.0.1:8100
//   npm run cluster -- --nodes=5 --port=9000
//   npm run cluster -- --print-haproxy    prints the haproxy configuration it would run, and exits
//
// Environment: DATABASE_URL (postgres://postgres@127.0.0.1:5432/rackside_cluster, created when missing), MQTT_URL
// (mqtt://127.0.0.1:1883), MQTT_SHARE_GROUP (rackside), REDIS_URL (redis://127.0.0.1:6379), REDIS_PREFIX
// (rackside-cluster:), HOST (127.0.0.1); any other cloud variable (packages/cloud/src/config.ts) is passed to every
// node. The nodes share a JWT secret generated once into .data/cluster/jwt-secret and the firmware folder
// .data/cluster/firmware; haproxy.cfg and each node's DATA_DIR are under .data/cluster/ too. The nodes are development
// clouds (RACKSIDE_DEV=1: the mail outbox at /api/dev/outbox) unless RACKSIDE_DEV=0 and SMTP_URL are set.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureDatabase,
  findHaproxy,
  haproxyConfig,
  reachable,
  startCluster,
  type Cluster,
} from '../packages/cloud/src/test/cluster';

const root = join(import.meta.dirname, '..');
const state = join(root, '.data', 'cluster');

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=', 2) as [string, string | undefined];
    return [key, value ?? 'true'];
  }),
);
for (const key of args.keys()) {
  if (!['nodes', 'port', 'print-haproxy', 'help'].includes(key)) {
    console.error(`unknown option --${key} (--nodes=N, --port=P, --print-haproxy)`);
    process.exit(2);
  }
}
if (args.has('help')) {
  console.log('npm run cluster [-- --nodes=3] [--port=8100] [--print-haproxy]');
  process.exit(0);
}
const nodes = Number(args.get('nodes') ?? '3');
const proxyPort = Number(args.get('port') ?? '8100');
if (!Number.isInteger(nodes) || nodes < 1 || nodes > 32) throw new Error('--nodes: 1 to 32');
if (!Number.isInteger(proxyPort) || proxyPort < 1 || proxyPort + nodes > 65535) throw new Error('--port: a TCP port');

const env = process.env;
const host = env.HOST ?? '127.0.0.1';
if (args.has('print-haproxy')) {
  const servers = Array.from({ length: nodes }, (_, i) => `${host}:${proxyPort + 1 + i}`);
  process.stdout.write(haproxyConfig({ bind: `${host}:${proxyPort}`, servers }));
  process.exit(0);
}

const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rackside_cluster';
const mqttUrl = env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// what the cluster needs from the machine, said plainly before anything starts
const missing: string[] = [];
const needs: [string, string, string][] = [
  ['PostgreSQL', databaseUrl, 'apt-get install postgresql'],
  ['the MQTT broker', mqttUrl, 'apt-get install mosquitto (2.x: shared subscriptions)'],
  ['Redis', redisUrl, 'apt-get install redis-server'],
];
for (const [what, url, hint] of needs) {
  const u = new URL(url);
  const defaultPort = { 'postgres:': 5432, 'postgresql:': 5432, 'redis:': 6379, 'rediss:': 6379 }[u.protocol] ?? 1883;
  if (!(await reachable(u.hostname, Number(u.port || defaultPort))))
    missing.push(`${what}: nothing answers at ${u.host} (${hint})`);
}
if (findHaproxy() === undefined) missing.push('haproxy: not installed (apt-get install haproxy)');
if (missing.length > 0) {
  console.error(`The cluster cannot start:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}

mkdirSync(state, { recursive: true });
const secretFile = join(state, 'jwt-secret');
if (!existsSync(secretFile)) writeFileSync(secretFile, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
const firmwareDir = join(state, 'firmware');
mkdirSync(firmwareDir, { recursive: true });
if (await ensureDatabase(databaseUrl)) console.log(`Created database ${new URL(databaseUrl).pathname.slice(1)}`);

const width = Math.max('haproxy'.length, `node${nodes}`.length);
let cluster: Cluster | undefined;
let closing = false;
const stop = (signal: string) => {
  if (closing) process.exit(1);
  closing = true;
  console.log(`\n${signal}: stopping haproxy and ${nodes} nodes …`);
  void (cluster?.close() ?? Promise.resolve()).finally(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

console.log(`Starting ${nodes} cloud nodes and haproxy …`);
try {
  cluster = await startCluster({
    nodes,
    host,
    proxyPort,
    databaseUrl,
    mqttUrl,
    shareGroup: env.MQTT_SHARE_GROUP ?? 'rackside',
    redisUrl,
    redisPrefix: env.REDIS_PREFIX ?? 'rackside-cluster:',
    jwtSecret: env.JWT_SECRET ?? readFileSync(secretFile, 'utf8').trim(),
    firmwareDir: env.FIRMWARE_DIR ?? firmwareDir,
    stateDir: state,
    env: { RACKSIDE_DEV: env.RACKSIDE_DEV ?? '1', LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    onOutput: (source, line) => {
      if (line.trim() !== '') console.log(`${source.padEnd(width)} | ${line}`);
    },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (closing) process.exit(0);

console.log(
  [
    '',
    `Rackside cluster: ${nodes} nodes behind haproxy`,
    `  open       ${cluster.url}/`,
    `  API        ${cluster.api}   (X-Rackside-Node names the node that answered)`,
    ...cluster.nodes.map((n) => `  ${n.name.padEnd(10)} ${n.url}  (pid ${n.pid ?? '?'})`),
    `  haproxy    ${cluster.haproxyConfigPath}`,
    `  database   ${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}`,
    `  broker     ${mqttUrl}, $share/${env.MQTT_SHARE_GROUP ?? 'rackside'}/…`,
    `  sign-up codes: ${cluster.api}/dev/outbox`,
    'Ctrl+C stops everything.',
  ].join('\n'),
);

// a node that dies on its own is reported (haproxy takes it out of rotation); `kill -9` one to see the fail-over
const timer = setInterval(() => {
  for (const node of cluster?.nodes ?? []) {
    if (!node.running && !closing) {
      console.log(`${node.name} is down; restarting it …`);
      node.start().then(
        () => console.log(`${node.name} is back`),
        (e: unknown) => console.error(e instanceof Error ? e.message : e),
      );
    }
  }
}, 5000);
timer.unref();
