/**
 * Issue 18: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac) while the amp detail is shown, except where
 * the user types: a text field or an editable element keeps the browser's own text undo.
 */
import { useEffect, useRef } from 'react';

/** Input types that hold text the browser can undo (a slider, a checkbox or a radio does not). */
const NOT_TEXT = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** True when the key goes to something the user types in. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}

/** The physical keys of Z and Y (KeyboardEvent.code), for layouts whose `key` is not a Latin letter. */
const LATIN_CODES: Readonly<Record<string, string>> = { KeyZ: 'z', KeyY: 'y' };

/** Which history step a key press asks for, if any. */
export function shortcutOf(e: KeyboardEvent): 'undo' | 'redo' | undefined {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined;
  // a non-Latin layout: the key where Z and Y are on a US keyboard
  const key = /^[a-z]$/i.test(e.key) ? e.key.toLowerCase() : (LATIN_CODES[e.code] ?? '');
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return undefined;
}

/** Listens on the document while mounted; the handlers may change between renders. */
export function useUndoShortcuts(handlers: { undo: () => void; redo: () => void }): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTextEntry(e.target)) return;
      const which = shortcutOf(e);
      if (!which) return;
      e.preventDefault(); // the browser's own undo has nothing to do outside a text field
      latest.current[which]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
