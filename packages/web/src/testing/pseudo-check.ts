/**
 * The pseudo-locale check for a whole screen: every visible text and label is a translation, device data the test
 * names, or a number with a translated unit (a slider's '-60 ⟦dBFS⟧').
 */
import { expect } from 'vitest';
import { untranslated } from './pseudo-locale';

const NUMBER_WITH_UNIT = /^[-+]?[\d.,]+(?: ⟦[^⟧]*⟧)?$/;

export function expectOnlyTranslated(data: readonly string[] = []): void {
  const found = untranslated(document.body, new Set(data)).filter((entry) => {
    const text = JSON.parse(entry.slice(entry.indexOf(': ') + 2)) as string;
    return !NUMBER_WITH_UNIT.test(text);
  });
  expect(found).toEqual([]);
}
