/** The physical inputs behind a source name: 'Analog 1+2' → analog 1 and 2, 'Dante 3' → dante 3, 'None' → none. */

export type InputKind = 'analog' | 'dante' | 'digital';
export interface PhysicalInput {
  readonly kind: InputKind;
  readonly number: number;
  /** `/amp/inputs/{kind}/{n}` (spec 2 §7). */
  readonly url: string;
}

const SOURCE = /^(Analog|Dante|Digital) (\d+)(?:\+(\d+))?$/;

export function physicalInputs(sources: readonly string[]): PhysicalInput[] {
  const out = new Map<string, PhysicalInput>();
  for (const source of sources) {
    const m = SOURCE.exec(source);
    if (!m) continue;
    const kind = (m[1] ?? '').toLowerCase() as InputKind;
    for (const n of [m[2], m[3]]) {
      if (n === undefined) continue;
      const url = `/amp/inputs/${kind}/${n}`;
      out.set(url, { kind, number: Number(n), url });
    }
  }
  return [...out.values()];
}
