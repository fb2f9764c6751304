import {
  ROLLOUT_API_ERRORS,
  ROLLOUT_EVENT_KINDS,
  ROLLOUT_SKIP_REASONS,
  ROLLOUT_STATES,
  ROLLOUT_TARGET_STATES,
} from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en/cloud-update.json';
import { BOARD_KEYS, FAILURE_KEYS, STATUS_KEYS } from './progress';

const keys = (o: object) => Object.keys(o).sort();

describe('cloud update texts', () => {
  it('word every state, skip reason, step and error of the rollout contract', () => {
    expect(keys(en.phase)).toEqual([...ROLLOUT_TARGET_STATES].sort());
    expect(keys(en.skip)).toEqual([...ROLLOUT_SKIP_REASONS].sort());
    expect(keys(en.progress.state)).toEqual([...ROLLOUT_STATES].sort());
    expect(keys(en.progress.stateNote)).toEqual([...ROLLOUT_STATES].sort());
    expect(keys(en.event).filter((k) => k !== 'detail')).toEqual([...ROLLOUT_EVENT_KINDS].sort());
    expect(keys(en.errors)).toEqual(expect.arrayContaining([...ROLLOUT_API_ERRORS]));
  });

  it('have a message for every status, failure and board the page maps (spec 1 §4, §8)', () => {
    expect(keys(en.statuses)).toEqual([...STATUS_KEYS].sort());
    expect(keys(en.failure).filter((k) => k !== 'other')).toEqual([...FAILURE_KEYS].sort());
    expect(keys(en.progress.board)).toEqual([...BOARD_KEYS].sort());
  });
});
