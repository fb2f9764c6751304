/**
 * jsdom has no layout: give elements a size (the virtual amp list measures its scroll box) and answer media
 * queries from a width the test sets (narrow by default, like a phone).
 */
let width = 375;
const listeners = new Set<() => void>();

/** Sets the viewport width media queries are answered from; mounted components re-evaluate. */
export function setViewportWidth(px: number): void {
  width = px;
  for (const l of listeners) l();
}

function matches(query: string): boolean {
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

export function installViewport(): void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  window.matchMedia = (query: string): MediaQueryList => {
    const own = new Set<() => void>();
    const mql = {
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, cb: () => void) => {
        own.add(cb);
        listeners.add(cb);
      },
      removeEventListener: (_type: string, cb: () => void) => {
        own.delete(cb);
        listeners.delete(cb);
      },
      addListener: (cb: () => void) => listeners.add(cb),
      removeListener: (cb: () => void) => listeners.delete(cb),
      dispatchEvent: () => false,
    };
    return mql as unknown as MediaQueryList;
  };
}
