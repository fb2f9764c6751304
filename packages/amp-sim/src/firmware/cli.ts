/**
 * `npm run firmware -- image|release …`: makes emulated firmware images and release zips as files (docs/device-api.md
 * "Firmware images"), for the cloud's firmware library, the local /update page and the emulated amps' upload CGI.
 *
 *   image   --family DLS --version 1.6.0.0 [--boards] [--factory-reset] [--out DIR]   → DIR/DLS-1.6.0.0.tar.xz.enc
 *   release --version 1.6.0.0 [--families DLS,SS,BS,ASBT] [--notes FILE] [--boards] [--factory-reset] --out FILE.zip
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FIRMWARE_IMAGE_PREFIXES, FIRMWARE_VERSION_PATTERN, type FirmwareImagePrefix } from '@rackside/protocol';
import { buildFirmwareImage, firmwareFileName } from './image';
import { buildReleaseZip, releaseZipEntries } from './release-zip';

export const FIRMWARE_CLI_USAGE = `usage: npm run firmware -- image --family DLS|SS|BS|ASBT --version A.B.C.D [--boards] [--factory-reset] [--out DIR]
       npm run firmware -- release --version A.B.C.D [--families DLS,SS,BS,ASBT] [--notes FILE] [--boards]
                                   [--factory-reset] --out FILE.zip
  image:   one emulated image, written as DIR/{FAMILY}-{version}.tar.xz.enc (DIR: the current folder)
  release: a zip with one image per family (default all four) and, with --notes, the notes as RELEASE_NOTES.md
  --boards: the image also carries power-supply and amp-board firmware (the update ends in FinishedFlash)`;

/** What a run printed and wrote; `code` is the process exit code (2: bad arguments, 1: the files could not be written). */
export interface FirmwareCliResult {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

/** A mistake in the arguments (exit code 2, with the usage). */
class UsageError extends Error {}

const isFamily = (s: string): s is FirmwareImagePrefix => FIRMWARE_IMAGE_PREFIXES.some((p) => p === s);

function family(value: string): FirmwareImagePrefix {
  const upper = value.trim().toUpperCase();
  if (!isFamily(upper)) throw new UsageError(`unknown family '${value}': one of ${FIRMWARE_IMAGE_PREFIXES.join(', ')}`);
  return upper;
}

function version(value: string | undefined): string {
  if (value === undefined) throw new UsageError('--version is required');
  if (!FIRMWARE_VERSION_PATTERN.test(value))
    throw new UsageError(`--version must be four dotted numbers (like 1.6.0.0), got '${value}'`);
  return value;
}

const OPTIONS = {
  family: { type: 'string' },
  families: { type: 'string' },
  version: { type: 'string' },
  boards: { type: 'boolean' },
  'factory-reset': { type: 'boolean' },
  notes: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runs the CLI on its arguments (without node and the script); `cwd` resolves relative paths. */
export async function runFirmwareCli(argv: readonly string[], cwd = process.cwd()): Promise<FirmwareCliResult> {
  const out: string[] = [];
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true });
    const [command, ...extra] = positionals;
    if (values.help === true) return { code: 0, out: [FIRMWARE_CLI_USAGE], err: [] };
    if (extra.length > 0) throw new UsageError(`unexpected argument '${extra.join(' ')}'`);
    const flags = { boards: values.boards ?? false, factoryReset: values['factory-reset'] ?? false };
    if (command === 'image') {
      if (values.families !== undefined || values.notes !== undefined)
        throw new UsageError('image takes --family (one); --families and --notes are for release');
      if (values.family === undefined) throw new UsageError('--family is required');
      const prefix = family(values.family);
      const v = version(values.version);
      const dir = resolve(cwd, values.out ?? '.');
      const path = join(dir, firmwareFileName(prefix, v));
      const bytes = buildFirmwareImage({ prefix, version: v, ...flags });
      await mkdir(dir, { recursive: true });
      await writeFile(path, bytes);
      out.push(`${path} (${prefix} ${v}, ${bytes.length} bytes${flags.boards ? ', with boards' : ''})`);
    } else if (command === 'release') {
      if (values.family !== undefined) throw new UsageError('release takes --families (comma-separated)');
      const v = version(values.version);
      if (values.out === undefined) throw new UsageError('--out FILE.zip is required');
      if (!values.out.toLowerCase().endsWith('.zip')) throw new UsageError(`--out must name a .zip file`);
      const families =
        values.families === undefined
          ? [...FIRMWARE_IMAGE_PREFIXES]
          : values.families
              .split(',')
              .filter((s) => s.trim() !== '')
              .map(family);
      if (families.length === 0) throw new UsageError('--families names no family');
      if (new Set(families).size !== families.length) throw new UsageError('--families names a family twice');
      const notes = values.notes === undefined ? undefined : await readFile(resolve(cwd, values.notes), 'utf8');
      const path = resolve(cwd, values.out);
      const opts = { version: v, families, ...flags, ...(notes === undefined ? {} : { notes }) };
      const zip = buildReleaseZip(opts);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, zip);
      out.push(`${path} (${zip.length} bytes):`, ...releaseZipEntries(opts).map((name) => `  ${name}`));
    } else {
      throw new UsageError(command === undefined ? 'name a command: image or release' : `unknown command '${command}'`);
    }
    return { code: 0, out, err: [] };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // parseArgs' own errors (an unknown option, a missing value) are usage errors too
    const usage = e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true;
    return usage ? { code: 2, out, err: [message, FIRMWARE_CLI_USAGE] } : { code: 1, out, err: [message] };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npm run` starts in the repository root; INIT_CWD is the folder the command was typed in
  void runFirmwareCli(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd()).then((result) => {
    for (const line of result.out) console.log(line);
    for (const line of result.err) console.error(line);
    process.exitCode = result.code;
  });
}
