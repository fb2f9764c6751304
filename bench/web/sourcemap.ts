/**
 * Just enough source-map reading for the web benchmarks: decode a v3 `mappings` string, find the original position
 * of a generated one, and name the package a source file belongs to. Used to say which packages fill the first
 * route's JS and which functions a CPU profile of the built console spends its time in (the build is minified;
 * its .map files sit beside the chunks in packages/web/dist/assets).
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** The fields of a v3 source map the benches read. */
export interface RawSourceMap {
  readonly sources: readonly string[];
  readonly names?: readonly string[];
  readonly mappings: string;
}

/** One mapping segment: generated column, then (when mapped) source index, line, column and name index. */
type Segment = readonly number[];

/** Where a generated position came from. */
export interface Origin {
  readonly source: string;
  /** 0-based, as in the map. */
  readonly line: number;
  readonly column: number;
  readonly name: string | undefined;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes `mappings` into segments per generated line, fields made absolute (they are deltas in the string). */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let line: Segment[] = [];
  // source index, source line, source column and name index carry over lines; the generated column does not
  const state = [0, 0, 0, 0];
  let column = 0;
  let fields: number[] = [];
  let value = 0;
  let shift = 0;
  const endSegment = () => {
    if (fields.length === 0) return;
    column += fields[0]!;
    const seg = [column];
    for (let i = 1; i < fields.length && i <= 4; i++) seg.push((state[i - 1]! += fields[i]!));
    line.push(seg);
    fields = [];
  };
  for (const ch of mappings) {
    if (ch === ',' || ch === ';') {
      endSegment();
      if (ch === ';') {
        lines.push(line);
        line = [];
        column = 0;
      }
      continue;
    }
    const digit = DIGIT.get(ch);
    if (digit === undefined) throw new Error(`source map: bad mappings character '${ch}'`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  endSegment();
  lines.push(line);
  return lines;
}

/** A loaded source map of one chunk: lookups of generated positions. */
export class ChunkMap {
  readonly #map: RawSourceMap;
  readonly #lines: Segment[][];

  constructor(map: RawSourceMap) {
    this.#map = map;
    this.#lines = decodeMappings(map.mappings);
  }

  /** Reads a .map file; its sources are made relative to `root` ('node_modules/react-dom/…', 'packages/web/src/…'). */
  static load(path: string, root: string): ChunkMap {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as RawSourceMap;
    const sources = raw.sources.map((s) => relative(root, resolve(dirname(path), s)));
    return new ChunkMap({ ...raw, sources });
  }

  /** The origin of the segment covering (line, column), 0-based; undefined when that code is unmapped. */
  lookup(line: number, column: number): Origin | undefined {
    const segs = this.#lines[line];
    if (!segs || segs.length === 0) return undefined;
    let lo = 0;
    let hi = segs.length - 1;
    if (segs[0]![0]! > column) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segs[mid]![0]! <= column) lo = mid;
      else hi = mid - 1;
    }
    return this.#origin(segs[lo]!);
  }

  /**
   * Characters of the generated code per source file: each segment owns the text up to the next segment of its
   * line. `text` is the chunk itself; its lines must be the ones the map was made for.
   */
  charsBySource(text: string): Map<string, number> {
    const out = new Map<string, number>();
    const add = (key: string, n: number) => out.set(key, (out.get(key) ?? 0) + n);
    text.split('\n').forEach((lineText, i) => {
      const segs = this.#lines[i] ?? [];
      const firstCol = segs[0]?.[0] ?? lineText.length;
      if (firstCol > 0) add(UNMAPPED, Math.min(firstCol, lineText.length));
      segs.forEach((seg, j) => {
        const end = Math.min(segs[j + 1]?.[0] ?? lineText.length, lineText.length);
        const n = Math.max(0, end - seg[0]!);
        add(this.#origin(seg)?.source ?? UNMAPPED, n);
      });
    });
    return out;
  }

  #origin(seg: Segment): Origin | undefined {
    if (seg.length < 4) return undefined;
    const source = this.#map.sources[seg[1]!];
    if (source === undefined) return undefined;
    const name = seg.length >= 5 ? this.#map.names?.[seg[4]!] : undefined;
    return { source, line: seg[2]!, column: seg[3]!, name };
  }
}

/** The key of generated code no mapping covers (the bundler's own glue). */
export const UNMAPPED = '(unmapped)';

/**
 * The package a source path belongs to: 'react-dom', '@mui/material', '@rackside/protocol', or for the console's
 * own code 'web: features/amps' (its top two folders under src/).
 */
export function packageOf(source: string): string {
  if (source === UNMAPPED) return source;
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? source);
  }
  const web = /(?:^|\/)packages\/web\/src\/(.*)$/.exec(source);
  if (web) {
    const dirs = web[1]!.split('/');
    return `web: ${dirs.slice(0, Math.min(2, dirs.length - 1)).join('/') || dirs[0]}`;
  }
  const pkg = /(?:^|\/)packages\/([^/]+)\//.exec(source);
  if (pkg) return `@rackside/${pkg[1]}`;
  return source;
}

/** A source path made short for printing: from node_modules/ or packages/ on. */
export function shortSource(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) return source.slice(nm + 'node_modules/'.length);
  const pkg = /(?:^|\/)(packages\/.*)$/.exec(source);
  if (pkg) return pkg[1]!;
  return source;
}
