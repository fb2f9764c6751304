/** Amp list search and sort of spec 2 §2. */

/** spec 2 §2: the sort-by choices. */
export const AMP_SORT_KEYS = ['name', 'faults', 'ip'] as const;
export type AmpSortKey = (typeof AMP_SORT_KEYS)[number];
/** spec 2 §2: the order choices. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The fields of an amp summary the list sorts and searches by. */
export interface ListedAmp {
  readonly deviceName: string;
  readonly ipAddress: string;
  readonly modelID: string;
  readonly hasFault: boolean;
  readonly hasWarning: boolean;
}

/** spec 2 §2: the fault sort score, fault flag plus warning flag (0 to 2). */
export const faultScore = (amp: Pick<ListedAmp, 'hasFault' | 'hasWarning'>): number =>
  Number(amp.hasFault) + Number(amp.hasWarning);

/** spec 2 §2: compares names with the locale's collation, ignoring case. */
export const compareNames = (a: string, b: string): number => a.toLowerCase().localeCompare(b.toLowerCase());

const octets = (ip: string): number[] | null => {
  const host = ip.trim().split(':')[0] ?? '';
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  return parts.map(Number);
};

/** spec 2 §2: compares IP addresses numerically octet by octet; a missing or malformed address sorts after valid ones. */
export function compareIps(a: string, b: string): number {
  const oa = octets(a);
  const ob = octets(b);
  if (!oa || !ob) return oa ? -1 : ob ? 1 : 0;
  for (let i = 0; i < 4; i++) if (oa[i] !== ob[i]) return oa[i]! - ob[i]!;
  return 0;
}

const PRIMARY: Readonly<Record<AmpSortKey, (a: ListedAmp, b: ListedAmp) => number>> = {
  name: (a, b) => compareNames(a.deviceName, b.deviceName),
  faults: (a, b) => faultScore(a) - faultScore(b),
  ip: (a, b) => compareIps(a.ipAddress, b.ipAddress),
};

/** spec 2 §2: a sorted copy by name, fault score or IP, ascending or descending; ties fall back to name, then IP, ascending. */
export function sortAmps<T extends ListedAmp>(amps: readonly T[], key: AmpSortKey, order: SortOrder): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...amps].sort((a, b) => sign * PRIMARY[key](a, b) || PRIMARY.name(a, b) || PRIMARY.ip(a, b));
}

/** spec 2 §2: the amps whose name, IP or model contains the query, case-insensitive; a blank query keeps all. */
export function searchAmps<T extends ListedAmp>(amps: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...amps];
  return amps.filter((a) => [a.deviceName, a.ipAddress, a.modelID].some((f) => f.toLowerCase().includes(q)));
}
