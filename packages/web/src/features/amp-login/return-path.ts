/**
 * Where sign-in (or 'continue as guest') leads: back to the amp page the guest banner was shown on (issue 18), only
 * a path of this console's amp pages; else the amp list.
 */
export function returnPathOf(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && /^\/amps\/[^/]/.test(from) && !from.includes('//') ? from : '/amps';
}
