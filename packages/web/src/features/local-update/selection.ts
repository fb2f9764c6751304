/**
 * What the local /update page may update (spec 3 §2/§5/§6): the chosen file read as a firmware image (its name
 * names the family and version, spec 3 §5), and for each amp of the fleet whether it can take that image.
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

/**
 * Why a file is refused: a zip release (this console reads single images only), a `.tar.xz.enc` name that breaks
 * the grammar, any other file, or an empty one.
 */
export type FileRefusal = 'zip' | 'badName' | 'notImage' | 'empty';

export type FileChoice =
  { readonly ok: true; readonly image: ChosenImage } | { readonly ok: false; readonly refusal: FileRefusal };

/** The file's own name (a browser may give a path such as C:\fakepath\x). */
const baseName = (name: string): string => name.split(/[\\/]/).pop() ?? name;

/** Reads a chosen file as an image by its name (spec 3 §5), or says why it is refused. */
export function chooseFile(file: Pick<File, 'name' | 'size'> & Blob): FileChoice {
  const name = baseName(file.name);
  if (/\.zip$/i.test(name)) return { ok: false, refusal: 'zip' };
  if (!looksLikeFirmwareName(name)) return { ok: false, refusal: 'notImage' };
  const parsed = parseFirmwareName(name);
  if (!parsed) return { ok: false, refusal: 'badName' };
  if (file.size === 0) return { ok: false, refusal: 'empty' };
  return { ok: true, image: { file, name, ...parsed } };
}

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
 * amp, UAC not allowing firmware updates, or (with an image chosen) an image of another family.
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

/** spec 3 §4/§5: whether an amp can take this image: selectable, and the image's family is the amp's. */
export function eligibility(amp: UpdateCandidate, image: Pick<ChosenImage, 'prefix'> | undefined): Eligibility {
  const base = selectability(amp);
  if (base !== 'ok') return base;
  return image && image.prefix !== amp.prefix ? 'noImage' : 'ok';
}

/** The selection kept to amps that can still be selected (an amp gone offline drops out). */
export const selectableIds = (amps: readonly UpdateCandidate[]): string[] =>
  amps.filter((a) => selectability(a) === 'ok').map((a) => a.ampId);

/** spec 3 §2/§5: the amps an Update sends the image to: selected, selectable and of the image's family. */
export function ampsToUpdate(
  amps: readonly UpdateCandidate[],
  selected: ReadonlySet<string>,
  image: Pick<ChosenImage, 'prefix'> | undefined,
): UpdateCandidate[] {
  if (!image) return [];
  return amps.filter((a) => selected.has(a.ampId) && eligibility(a, image) === 'ok');
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
