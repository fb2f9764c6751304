import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decryptFirmwareImage, extractFirmwarePayload } from './image';
import { buildReleaseZip, RELEASE_NOTES_NAME } from './release-zip';

/** What an amp would install from an entry: the header after both of its checks, or the failure. */
function install(bytes: Uint8Array | undefined) {
  if (bytes === undefined) return 'missing';
  const decrypted = decryptFirmwareImage(bytes);
  if (!decrypted.ok) return decrypted.message;
  const extracted = extractFirmwarePayload(decrypted.value.header, decrypted.value.body);
  return extracted.ok ? decrypted.value.header : extracted.message;
}

describe('buildReleaseZip', () => {
  it('holds one installable image per family under its spec 3 §5 name, all four by default', () => {
    const files = unzipSync(buildReleaseZip({ version: '1.6.0.0', boards: true }));
    expect(Object.keys(files)).toEqual([
      'DLS-1.6.0.0.tar.xz.enc',
      'SS-1.6.0.0.tar.xz.enc',
      'BS-1.6.0.0.tar.xz.enc',
      'ASBT-1.6.0.0.tar.xz.enc',
    ]);
    for (const [name, bytes] of Object.entries(files)) {
      expect(install(bytes), name).toMatchObject({
        prefix: name.split('-')[0],
        version: '1.6.0.0',
        boards: true,
        factoryReset: false,
      });
    }
  });

  it('takes chosen families, a folder and the release notes as RELEASE_NOTES.md', () => {
    const notes = '# 1.7.0.1\n- Quieter fans\n- 中文说明';
    const files = unzipSync(
      buildReleaseZip({ version: '1.7.0.1', families: ['ASBT', 'DLS'], notes, folder: 'release-1.7', level: 0 }),
    );
    expect(Object.keys(files)).toEqual([
      'release-1.7/ASBT-1.7.0.1.tar.xz.enc',
      'release-1.7/DLS-1.7.0.1.tar.xz.enc',
      `release-1.7/${RELEASE_NOTES_NAME}`,
    ]);
    expect(new TextDecoder().decode(files[`release-1.7/${RELEASE_NOTES_NAME}`])).toBe(notes);
    expect(install(files['release-1.7/DLS-1.7.0.1.tar.xz.enc'])).toMatchObject({ prefix: 'DLS', version: '1.7.0.1' });
  });

  it('makes the same bytes for the same options, and refuses a bad version, no family or one twice', () => {
    expect(buildReleaseZip({ version: '1.6.0.0' })).toEqual(buildReleaseZip({ version: '1.6.0.0' }));
    expect(() => buildReleaseZip({ version: '1.6' })).toThrow(/four dotted numbers/);
    expect(() => buildReleaseZip({ version: '1.6.0.0', families: [] })).toThrow(/at least one family/);
    expect(() => buildReleaseZip({ version: '1.6.0.0', families: ['SS', 'SS'] })).toThrow(/once/);
  });

  it('is an ordinary zip: a blank notes text adds no notes file', () => {
    const files = unzipSync(buildReleaseZip({ version: '2.0.0.0', families: ['BS'], notes: '  \n' }));
    expect(Object.keys(files)).toEqual(['BS-2.0.0.0.tar.xz.enc']);
    // and fflate's reader agrees with a zip fflate writes from the same entries
    expect(unzipSync(zipSync(files))).toEqual(files);
  });
});
