import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runFirmwareCli } from './cli';
import { decryptFirmwareImage, extractFirmwarePayload } from './image';

const headerOf = (bytes: Uint8Array | undefined) => {
  if (bytes === undefined) throw new Error('no such entry');
  const decrypted = decryptFirmwareImage(bytes);
  if (!decrypted.ok) throw new Error(decrypted.message);
  expect(extractFirmwarePayload(decrypted.value.header, decrypted.value.body).ok).toBe(true);
  return decrypted.value.header;
};

describe('npm run firmware', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rackside-fw-cli-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('image: writes one image under its spec 3 §5 name in --out, with the flags in its header', async () => {
    const res = await runFirmwareCli(
      ['image', '--family', 'DLS', '--version', '1.6.0.0', '--boards', '--factory-reset', '--out', 'images'],
      dir,
    );
    expect(res.code, res.err.join('\n')).toBe(0);
    const path = join(dir, 'images', 'DLS-1.6.0.0.tar.xz.enc');
    expect(res.out[0]).toContain(path);
    expect(headerOf(await readFile(path))).toMatchObject({
      prefix: 'DLS',
      version: '1.6.0.0',
      boards: true,
      factoryReset: true,
    });
    const plain = await runFirmwareCli(['image', '--family', 'SS', '--version', '2.0.1.3'], dir);
    expect(plain.code).toBe(0);
    expect(headerOf(await readFile(join(dir, 'SS-2.0.1.3.tar.xz.enc')))).toMatchObject({
      boards: false,
      factoryReset: false,
    });
  });

  it('release: a zip with one image per chosen family and the notes file inside', async () => {
    await writeFile(join(dir, 'notes.md'), '# 1.6.0.0\n- Faster boot\n');
    const res = await runFirmwareCli(
      ['release', '--version', '1.6.0.0', '--families', 'DLS,ASBT', '--notes', 'notes.md', '--out', 'out/r.zip'],
      dir,
    );
    expect(res.code, res.err.join('\n')).toBe(0);
    const files = unzipSync(await readFile(join(dir, 'out', 'r.zip')));
    expect(Object.keys(files)).toEqual(['DLS-1.6.0.0.tar.xz.enc', 'ASBT-1.6.0.0.tar.xz.enc', 'RELEASE_NOTES.md']);
    expect(headerOf(files['ASBT-1.6.0.0.tar.xz.enc'])).toMatchObject({ prefix: 'ASBT', version: '1.6.0.0' });
    expect(new TextDecoder().decode(files['RELEASE_NOTES.md'])).toBe('# 1.6.0.0\n- Faster boot\n');
    expect(res.out.slice(1)).toEqual(['  DLS-1.6.0.0.tar.xz.enc', '  ASBT-1.6.0.0.tar.xz.enc', '  RELEASE_NOTES.md']);

    const all = await runFirmwareCli(['release', '--version', '1.7.0.0', '--out', 'all.zip'], dir);
    expect(all.code).toBe(0);
    expect(Object.keys(unzipSync(await readFile(join(dir, 'all.zip'))))).toEqual([
      'DLS-1.7.0.0.tar.xz.enc',
      'SS-1.7.0.0.tar.xz.enc',
      'BS-1.7.0.0.tar.xz.enc',
      'ASBT-1.7.0.0.tar.xz.enc',
    ]);
  });

  it('refuses bad arguments with exit code 2, the reason and the usage, and writes nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['image', '--family', 'XYZ', '--version', '1.6.0.0'], /unknown family 'XYZ': one of DLS, SS, BS, ASBT/],
      [['image', '--family', 'DLS', '--version', '1.6'], /four dotted numbers/],
      [['image', '--version', '1.6.0.0'], /--family is required/],
      [['image', '--family', 'DLS'], /--version is required/],
      [['release', '--version', '1.6.0.0'], /--out FILE\.zip is required/],
      [['release', '--version', '1.6.0.0', '--out', 'r.tar'], /\.zip/],
      [['release', '--version', '1.6.0.0', '--families', 'DLS,DLS', '--out', 'r.zip'], /twice/],
      [['release', '--version', '1.6.0.0', '--families', 'DLS,QQ', '--out', 'r.zip'], /unknown family 'QQ'/],
      [['flash'], /unknown command 'flash'/],
      [[], /name a command/],
      [['image', '--colour', 'red'], /colour/],
    ];
    for (const [argv, reason] of cases) {
      const res = await runFirmwareCli(argv, dir);
      expect(res.code, argv.join(' ')).toBe(2);
      expect(res.err[0], argv.join(' ')).toMatch(reason);
      expect(res.err[1]).toMatch(/^usage: npm run firmware/);
    }
    const missingNotes = await runFirmwareCli(
      ['release', '--version', '1.6.0.0', '--notes', 'nope.md', '--out', 'r.zip'],
      dir,
    );
    expect([missingNotes.code, missingNotes.err[0]]).toEqual([1, expect.stringMatching(/nope\.md/)]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('runs as the root script does (tsx), writing into the folder it was started from', async () => {
    const root = join(import.meta.dirname, '../../../..');
    const tsx = join(root, 'node_modules/.bin/tsx');
    const { stdout } = await promisify(execFile)(
      tsx,
      [join(root, 'packages/amp-sim/src/firmware/cli.ts'), 'image', '--family', 'BS', '--version', '1.6.0.0'],
      { cwd: dir, env: { ...process.env, INIT_CWD: dir } },
    );
    expect(stdout).toContain('BS-1.6.0.0.tar.xz.enc');
    expect(headerOf(await readFile(join(dir, 'BS-1.6.0.0.tar.xz.enc')))).toMatchObject({ prefix: 'BS' });
    const failed = await promisify(execFile)(tsx, [join(root, 'packages/amp-sim/src/firmware/cli.ts'), 'image'], {
      cwd: dir,
    }).catch((e: unknown) => e as { code: number; stderr: string });
    expect('code' in failed ? failed.code : 0).toBe(2);
    expect(failed.stderr).toContain('--family is required');
  });
});
