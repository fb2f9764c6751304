/** spec 1 §2: "an unsigned user is redirected to /login and the origin is remembered" (in the history entry's state). */
export interface OriginState {
  readonly from?: string;
}

/** The remembered origin of a location state, when it is an app path. */
export function originOf(state: unknown): string | null {
  const from = (state as OriginState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
