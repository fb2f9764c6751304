/**
 * What the local /update page may update (spec 3 §2/§4/§5/§6): the chosen file, one firmware image (its name names
 * the family and version, spec 3 §5) or a release zip's images (release-zip.ts), and for each amp of the fleet
 * whether it can be updated and which image it gets.
 */
import {
  UAC_LEVELS,
  looksLikeFirmwareName,
  parseFirmwareName,
  type FirmwareImagePrefix,
  type UacLevel,
} from '@rackside/protocol';

/** A chosen image: the file, its family (prefix) and the version its name gives. */
export interface ChosenImage {
  readonly file: Blob;
  readonly name: string;
  readonly prefix: FirmwareImagePrefix;
  readonly version: string;
}

/** A family with several images in a zip: the one used (the newest) and the others. */
export interface SkippedImages {
  readonly prefix: FirmwareImagePrefix;
  readonly used: string;
  readonly notUsed: readonly string[];
}

/**
 * What the chosen file offers: one image (a `.tar.xz.enc` file), or a release zip's images, one per family
 * (release-zip.ts), with the images it holds but does not use.
 */
export interface FirmwareSet {
  readonly fileName: string;
  readonly kind: 'image' | 'zip';
  readonly images: readonly ChosenImage[];
  readonly skipped: readonly SkippedImages[];
  /** Entries named like images whose names break the grammar (or empty ones): not used. */
  readonly ignored: readonly string[];
}

/**
 * Why a file is refused: a `.tar.xz.enc` name that breaks the grammar, any other file, an empty one, a zip that
 * cannot be read (damaged, truncated or no zip at all), or a zip without any image.
 */
export type FileRefusal = 'badName' | 'notImage' | 'empty' | 'badZip' | 'noImages';

export type FileChoice =
  { readonly ok: true; readonly set: FirmwareSet } | { readonly ok: false; readonly refusal: FileRefusal };

/** The file's own name (a browser may give a path such as C:\fakepath\x). */
export const baseName = (name: string): string => name.split(/[\\/]/).pop() ?? name;

/** A release zip, by its name. */
export const isZipName = (name: string): boolean => /\.zip$/i.test(baseName(name));

/** Reads a chosen single image by its name (spec 3 §5), or says why it is refused. */
export function chooseFile(file: Pick<File, 'name' | 'size'> & Blob): FileChoice {
  const name = baseName(file.name);
  if (!looksLikeFirmwareName(name)) return { ok: false, refusal: 'notImage' };
  const parsed = parseFirmwareName(name);
  if (!parsed) return { ok: false, refusal: 'badName' };
  if (file.size === 0) return { ok: false, refusal: 'empty' };
  return {
    ok: true,
    set: { fileName: name, kind: 'image', images: [{ file, name, ...parsed }], skipped: [], ignored: [] },
  };
}

/** spec 3 §4: the image of the set that fits an amp's family, if any. */
export const imageFor = (
  set: Pick<FirmwareSet, 'images'> | undefined,
  prefix: FirmwareImagePrefix | undefined,
): ChosenImage | undefined => (prefix ? set?.images.find((i) => i.prefix === prefix) : undefined);

/** One amp of the fleet as the page sees it. */
export interface UpdateCandidate {
  readonly ampId: string;
  readonly name: string;
  readonly ip: string;
  /** The model's short id and image family, once the amp named a known model. */
  readonly modelId?: string | undefined;
  readonly prefix?: FirmwareImagePrefix | undefined;
  readonly firmwareVersion: string;
  readonly connected: boolean;
  /** spec 2 §6: a protected amp without a local login is read-only. */
  readonly canWrite: boolean;
  /** spec 3 §6: the misc firmware update permission under UAC. */
  readonly uacLevel: UacLevel;
}

/**
 * Why an amp cannot be updated now, or 'ok': offline, an unknown model (no family known), a guest on a protected
 * amp, UAC not allowing firmware updates, or (with a file chosen) no image of the amp's family in it.
 */
export type Eligibility = 'ok' | 'offline' | 'unknownModel' | 'loginRequired' | 'notAllowed' | 'noImage';

/** Whether an amp can be selected at all (everything but the image). */
export function selectability(amp: UpdateCandidate): Exclude<Eligibility, 'noImage'> {
  if (!amp.connected) return 'offline';
  if (!amp.prefix) return 'unknownModel';
  if (!amp.canWrite) return 'loginRequired';
  if (amp.uacLevel !== UAC_LEVELS.Write) return 'notAllowed';
  return 'ok';
}

/** spec 3 §4/§5: whether an amp can take the chosen file: selectable, and an image of the amp's family in it. */
export function eligibility(amp: UpdateCandidate, set: Pick<FirmwareSet, 'images'> | undefined): Eligibility {
  const base = selectability(amp);
  if (base !== 'ok') return base;
  return set && !imageFor(set, amp.prefix) ? 'noImage' : 'ok';
}

/** The selection kept to amps that can still be selected (an amp gone offline drops out). */
export const selectableIds = (amps: readonly UpdateCandidate[]): string[] =>
  amps.filter((a) => selectability(a) === 'ok').map((a) => a.ampId);

/** One amp's part of an Update: the image of its family. */
export interface UpdateTarget {
  readonly amp: UpdateCandidate;
  readonly image: ChosenImage;
}

/** spec 3 §2/§4/§5: what an Update sends: each selected, selectable amp with a fitting image gets that image. */
export function ampsToUpdate(
  amps: readonly UpdateCandidate[],
  selected: ReadonlySet<string>,
  set: Pick<FirmwareSet, 'images'> | undefined,
): UpdateTarget[] {
  if (!set) return [];
  return amps.flatMap((amp) => {
    const image = imageFor(set, amp.prefix);
    return selected.has(amp.ampId) && selectability(amp) === 'ok' && image ? [{ amp, image }] : [];
  });
}

/** The select-all box: checked when every selectable amp is, mixed when some are. */
export function selectAllState(
  amps: readonly UpdateCandidate[],
  selected: ReadonlySet<string>,
): 'all' | 'some' | 'none' {
  const ids = selectableIds(amps);
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}
