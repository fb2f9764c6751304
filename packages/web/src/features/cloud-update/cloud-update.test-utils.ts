/** Candidates and rollouts for the update screen's tests. */
import {
  ROLLOUT_TARGET_STATES,
  type Rollout,
  type RolloutCandidate,
  type RolloutCandidates,
  type RolloutTarget,
} from '@rackside/protocol';

export const amp = (
  over: Partial<RolloutCandidate> & Pick<RolloutCandidate, 'deviceId' | 'name'>,
): RolloutCandidate => ({
  modelId: '352',
  family: 'ASBT',
  currentVersion: '1.6.0.0',
  latestVersion: '1.7.0.0',
  eligible: true,
  updateAvailable: true,
  connected: true,
  audio: false,
  fault: false,
  ...over,
});

/** Hall: two amps to update and one up to date; Club: one to update, one too old, one without an image. */
export const CANDIDATES: RolloutCandidates = {
  venues: [
    {
      venueId: 'v-hall',
      name: 'Hall',
      amps: [
        amp({ deviceId: 'd-a1', name: 'Stage left' }),
        amp({ deviceId: 'd-a2', name: 'Stage right', audio: true }),
        amp({ deviceId: 'd-a3', name: 'Lobby', currentVersion: '1.7.0.0', updateAvailable: false }),
      ],
    },
    {
      venueId: 'v-club',
      name: 'Club',
      amps: [
        amp({ deviceId: 'd-b1', name: 'Bar', fault: true, connected: false }),
        amp({ deviceId: 'd-b2', name: 'Old amp', currentVersion: '1.1.0.0', eligible: false }),
        amp({
          deviceId: 'd-b3',
          name: 'Panel',
          modelId: 'TP',
          family: null,
          latestVersion: null,
          updateAvailable: false,
        }),
      ],
    },
  ],
  latest: { ASBT: '1.7.0.0' },
  activeRolloutId: null,
};

export const ROLLOUT_ID = '5b0f4f1e-0000-4000-8000-000000000001';

export const target = (over: Partial<RolloutTarget> & Pick<RolloutTarget, 'deviceId' | 'name'>): RolloutTarget => ({
  modelId: '352',
  venueId: 'v-hall',
  venueName: 'Hall',
  wave: 0,
  fromVersion: '1.6.0.0',
  toVersion: '1.7.0.0',
  state: 'pending',
  skipReason: null,
  failedBy: null,
  firmwareStatus: null,
  boards: {},
  sentAt: null,
  finishedAt: null,
  ...over,
});

/** A rollout of these targets; counts follow the targets. */
export function rollout(targets: RolloutTarget[], over: Partial<Rollout> = {}): Rollout {
  const counts = Object.fromEntries(
    ROLLOUT_TARGET_STATES.map((s) => [s, targets.filter((x) => x.state === s).length]),
  ) as Rollout['counts'];
  return {
    rolloutId: ROLLOUT_ID,
    state: 'running',
    stopReason: null,
    createdAt: '2026-11-25T09:58:05.000Z',
    updatedAt: '2026-11-25T09:59:05.000Z',
    canary: 1,
    percent: 10,
    failureThresholdPercent: 10,
    force: false,
    waveCount: Math.max(0, ...targets.map((x) => x.wave + 1)),
    currentWave: 0,
    versions: { ASBT: '1.7.0.0' },
    counts,
    total: targets.length,
    targets,
    events: [],
    ...over,
  };
}

/** An ISO time `seconds` before now. */
export const secondsAgo = (seconds: number): string => new Date(Date.now() - seconds * 1000).toISOString();
