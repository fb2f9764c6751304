import { FIRMWARE_MESSAGES } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en/local-update.json';
import { STATUS_MESSAGE_KEYS } from './status';

describe('local update texts', () => {
  it('spell the spec’s failure messages as the catalogue does (spec 3 §8)', () => {
    expect(en.progress.request.failure).toBe(FIRMWARE_MESSAGES.uploadFailed);
    expect(en.progress.phases.uploadFailed).toBe(FIRMWARE_MESSAGES.uploadFailedShort);
  });

  it('have a message for every status the page maps (spec 3 §4)', () => {
    expect(Object.keys(en.statuses).sort()).toEqual([...STATUS_MESSAGE_KEYS].sort());
  });
});
