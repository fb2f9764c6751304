/**
 * The pseudo-locale (STYLE.md, after excalidraw): every translation wrapped in ⟦ ⟧ with its letters accented, so a
 * test can find any text on screen that did not come from the translations.
 */
import type { Resource, ResourceKey } from 'i18next';
import { localeResources } from '../shared/i18n';

const ACCENTS: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  A: 'Á',
  E: 'É',
  O: 'Ó',
  n: 'ñ',
  c: 'ç',
};

/** 'Sign In {{name}}' → '⟦Sígñ Íñ {{name}}⟧' (interpolations and nesting kept intact). */
export function pseudo(text: string): string {
  const parts = text.split(/(\{\{[^}]*\}\}|\$t\([^)]*\))/);
  return `⟦${parts.map((p, i) => (i % 2 === 1 ? p : p.replace(/[aeiouAEOnc]/g, (ch) => ACCENTS[ch] ?? ch))).join('')}⟧`;
}

function transform(value: ResourceKey): ResourceKey {
  if (typeof value === 'string') return pseudo(value);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]: [string, ResourceKey]) => [k, transform(v)]));
}

/** Resources whose English is the pseudo-locale (the app then renders pseudo text wherever it would show English). */
export function pseudoResources(): Resource {
  const en = localeResources().en ?? {};
  const pseudoEn: Resource[string] = {};
  for (const [ns, v] of Object.entries(en)) pseudoEn[ns] = transform(v);
  return { en: pseudoEn };
}

const PSEUDO = /^⟦[\s\S]*⟧$/;
const BLANK = /^[\s\u200b\u00a0]*$/;
const LABELS = ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext'];

/** Every visible text and label under `root` that is neither translated nor one of the allowed data strings. */
export function untranslated(root: HTMLElement, data: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const check = (text: string | null, where: string) => {
    if (text === null || BLANK.test(text)) return;
    const t = text.trim();
    if (!PSEUDO.test(t) && !data.has(t)) found.push(`${where}: ${JSON.stringify(t)}`);
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (parent && ['SCRIPT', 'STYLE'].includes(parent.tagName)) continue;
    check(n.textContent, `text in <${parent?.tagName.toLowerCase() ?? '?'}>`);
  }
  for (const el of root.querySelectorAll('*'))
    for (const attr of LABELS)
      if (el.hasAttribute(attr)) check(el.getAttribute(attr), `${attr} of <${el.tagName.toLowerCase()}>`);
  return found;
}
