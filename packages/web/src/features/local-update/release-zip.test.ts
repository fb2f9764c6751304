import { strToU8, unzip, zipSync, type Unzipped, type Zippable } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { compareVersions, pickImages, readFirmwareFile, readReleaseZip, type UnzipAsync } from './release-zip';

/** Bytes standing in for an image; distinct per name so a mix-up shows. */
const bytesOf = (name: string, size = 2000) => {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (name.charCodeAt(i % name.length) + i) & 0xff;
  return out;
};

const zipFile = (entries: Zippable, name = 'release-1.6.zip') => new File([zipSync(entries)], name);

/** fflate's real async unzip, recording which entries it was asked to decompress. */
function recordingUnzip() {
  const decompressed: string[] = [];
  const impl: UnzipAsync = (data, filter) =>
    new Promise<Unzipped>((resolve, reject) =>
      unzip(
        data,
        {
          filter: (f) => {
            const take = filter(f);
            if (take) decompressed.push(f.name);
            return take;
          },
        },
        (err, files) => (err ? reject(err) : resolve(files)),
      ),
    );
  return { impl, decompressed };
}

const bytes = async (b: Blob) => new Uint8Array(await b.arrayBuffer());

describe('a release zip (spec 3 §2/§4/§5)', () => {
  it('gives each family its image from a folder, decompressing only the images', async () => {
    const { impl, decompressed } = recordingUnzip();
    const file = zipFile({
      'release-1.6/': {},
      'release-1.6/DLS-1.6.0.0.tar.xz.enc': bytesOf('DLS'),
      'release-1.6/SS-1.6.0.0.tar.xz.enc': bytesOf('SS'),
      'release-1.6/RELEASE-NOTES.md': strToU8('# 1.6.0.0\n'),
    });
    const choice = await readReleaseZip(file, file.name, impl);
    if (!choice.ok) throw new Error(`refused: ${choice.refusal}`);
    expect(choice.set).toMatchObject({ fileName: 'release-1.6.zip', kind: 'zip', skipped: [], ignored: [] });
    expect(choice.set.images.map((i) => [i.name, i.prefix, i.version])).toEqual([
      ['DLS-1.6.0.0.tar.xz.enc', 'DLS', '1.6.0.0'],
      ['SS-1.6.0.0.tar.xz.enc', 'SS', '1.6.0.0'],
    ]);
    expect(await bytes(choice.set.images[0]!.file)).toEqual(bytesOf('DLS'));
    expect(await bytes(choice.set.images[1]!.file)).toEqual(bytesOf('SS'));
    expect(decompressed.sort()).toEqual(['release-1.6/DLS-1.6.0.0.tar.xz.enc', 'release-1.6/SS-1.6.0.0.tar.xz.enc']);
  });

  it('takes the newest of two images of one family and names the other; decompresses only the newest', async () => {
    const { impl, decompressed } = recordingUnzip();
    const file = zipFile({
      'ASBT-1.5.9.0.tar.xz.enc': bytesOf('old'),
      'ASBT-1.10.0.0.tar.xz.enc': bytesOf('new'),
      'DLS-1.6.0.0.tar.xz.enc': bytesOf('DLS'),
    });
    const choice = await readReleaseZip(file, file.name, impl);
    if (!choice.ok) throw new Error(`refused: ${choice.refusal}`);
    const asbt = choice.set.images.find((i) => i.prefix === 'ASBT');
    expect(asbt?.name).toBe('ASBT-1.10.0.0.tar.xz.enc');
    expect(await bytes(asbt!.file)).toEqual(bytesOf('new'));
    expect(choice.set.skipped).toEqual([
      { prefix: 'ASBT', used: 'ASBT-1.10.0.0.tar.xz.enc', notUsed: ['ASBT-1.5.9.0.tar.xz.enc'] },
    ]);
    expect(decompressed).not.toContain('ASBT-1.5.9.0.tar.xz.enc');
  });

  it('refuses garbage, a truncated zip, a zip without images and an empty file, starting nothing', async () => {
    const unzipSpy = vi.fn<UnzipAsync>();
    const garbage = new File([bytesOf('garbage', 5000)], 'release.zip');
    expect(await readReleaseZip(garbage, garbage.name, unzipSpy)).toEqual({ ok: false, refusal: 'badZip' });
    const whole = zipSync({ 'SS-1.6.0.0.tar.xz.enc': bytesOf('SS') });
    const truncated = new File([whole.subarray(0, whole.length - 40)], 'release.zip');
    expect(await readReleaseZip(truncated, truncated.name, unzipSpy)).toEqual({ ok: false, refusal: 'badZip' });
    const notes = zipFile({ 'notes.md': strToU8('nothing here'), 'SS-1.6.tar.xz.enc': bytesOf('bad name') });
    expect(await readReleaseZip(notes, notes.name, unzipSpy)).toEqual({ ok: false, refusal: 'noImages' });
    expect(await readReleaseZip(new File([], 'e.zip'), 'e.zip', unzipSpy)).toEqual({ ok: false, refusal: 'empty' });
    expect(unzipSpy).not.toHaveBeenCalled();
  });

  it('refuses a zip whose image does not decompress to its listed size', async () => {
    const file = zipFile({ 'SS-1.6.0.0.tar.xz.enc': bytesOf('SS') });
    const short: UnzipAsync = () => Promise.resolve({ 'SS-1.6.0.0.tar.xz.enc': bytesOf('SS', 10) });
    expect(await readReleaseZip(file, file.name, short)).toEqual({ ok: false, refusal: 'badZip' });
    const failing: UnzipAsync = () => Promise.reject(new Error('invalid zip data'));
    expect(await readReleaseZip(file, file.name, failing)).toEqual({ ok: false, refusal: 'badZip' });
  });

  it('reads a zip by its name and a single image as before', async () => {
    const zip = await readFirmwareFile(zipFile({ 'BS-2.0.0.1.tar.xz.enc': bytesOf('BS') }, 'C:\\fakepath\\r.ZIP'));
    expect(zip).toMatchObject({ ok: true, set: { fileName: 'r.ZIP', kind: 'zip', images: [{ prefix: 'BS' }] } });
    const image = await readFirmwareFile(new File([bytesOf('x')], 'DLS-1.6.0.0.tar.xz.enc'));
    expect(image).toMatchObject({ ok: true, set: { kind: 'image', images: [{ prefix: 'DLS' }] } });
  });
});

describe('picking images from a zip’s listing', () => {
  it('ignores folders, notes and macOS resource forks; lists image-like names it cannot use', () => {
    const pick = pickImages([
      { path: 'r/', size: 0 },
      { path: 'r/notes.md', size: 10 },
      { path: '__MACOSX/r/._SS-1.6.0.0.tar.xz.enc', size: 200 },
      { path: 'r/._SS-1.6.0.0.tar.xz.enc', size: 200 },
      { path: 'r/SS-1.6.0.0.tar.xz.enc', size: 100 },
      { path: 'r/XYZ-1.6.0.0.tar.xz.enc', size: 100 },
      { path: 'r/DLS-1.6.0.0.tar.xz.enc', size: 0 },
    ]);
    expect(pick.picked).toEqual([
      { path: 'r/SS-1.6.0.0.tar.xz.enc', name: 'SS-1.6.0.0.tar.xz.enc', prefix: 'SS', version: '1.6.0.0' },
    ]);
    expect(pick.ignored).toEqual(['XYZ-1.6.0.0.tar.xz.enc', 'DLS-1.6.0.0.tar.xz.enc']);
  });

  it('keeps the first of two images with one version', () => {
    const pick = pickImages([
      { path: 'a/SS-1.6.0.0.tar.xz.enc', size: 1 },
      { path: 'b/SS-1-6-0-0.tar.xz.enc', size: 1 },
    ]);
    expect(pick.picked.map((p) => p.path)).toEqual(['a/SS-1.6.0.0.tar.xz.enc']);
    expect(pick.skipped).toEqual([{ prefix: 'SS', used: 'SS-1.6.0.0.tar.xz.enc', notUsed: ['SS-1-6-0-0.tar.xz.enc'] }]);
  });

  it('compares versions number by number', () => {
    expect(compareVersions('1.10.0.0', '1.9.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.6.0.0', '1.6.0.1')).toBeLessThan(0);
    expect(compareVersions('2.0.0.0', '2.0.0.0')).toBe(0);
  });
});
