/**
 * Issue 19 "beyond the vendor's tool": the live test an installer runs before saving, to hear the result: the volume
 * test sets the channels' faders as the panel's volume would (level plus offset), the source test selects a state's
 * inputs. Each channel's value before its first test write is written back when the test is switched off or the page
 * left; a channel whose value is not known yet is not changed, and says so. Amps offline, not found or read-only are
 * skipped, named; a refused write shows inline and the test goes on for the other amps.
 */
import {
  Alert,
  Box,
  FormControlLabel,
  Paper,
  Slider,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { CHANNEL_OFFSET_MAX_DB, CHANNEL_OFFSET_MIN_DB, ampChannelKey, type DeviceDelta } from '@rackside/protocol';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { shallowEqual, useSelector } from 'react-redux';
import {
  selectAmpState,
  selectCanWrite,
  useDeviceManager,
  type WithDevices,
  type WithLocalLogin,
} from '../../../device';
import { useThrottle } from '../../../shared/ui/value-slider-throttle';
import { useCurrentPanel } from '../hooks/current-panel';
import { findTouchAmp, type TouchAmp } from '../model/touch-amps';
import { useTouchSourcesText } from '../touch-i18n';

/** Issue 19: at most 10 fader writes a second while the test level is dragged. */
const LEVEL_WRITE_MS = 100;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const tenths = (v: number) => Math.round(v * 10) / 10;
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** One amp channel the test drives (ready: the test can write to its amp). */
interface Target {
  readonly key: string;
  readonly ipAddress: string;
  readonly channel: number;
  readonly amp: TouchAmp | undefined;
}
type ReadyTarget = Target & { readonly amp: TouchAmp };
type Params = Record<string, unknown>;

/** The targets sorted: those the test can write, and the names of the amps it skips (offline, not found, read-only). */
function useSorted(targets: readonly Target[]) {
  const onlineIds = [...new Set(targets.filter((tg) => tg.amp?.online).map((tg) => tg.amp?.ampId ?? ''))];
  const writable = useSelector((s: WithDevices & WithLocalLogin) =>
    onlineIds.filter((id) => selectCanWrite(s, id)).join('\n'),
  ).split('\n');
  const names = (pick: (tg: Target) => boolean) => [
    ...new Set(targets.filter(pick).map((tg) => tg.amp?.name ?? tg.ipAddress)),
  ];
  return {
    ready: targets.filter((tg): tg is ReadyTarget => tg.amp !== undefined && writable.includes(tg.amp.ampId)),
    notFound: names((tg) => !tg.amp),
    offline: names((tg) => tg.amp?.online === false),
    readonly: names((tg) => tg.amp?.online === true && !writable.includes(tg.amp.ampId)),
  };
}

/** One value per ready channel, read from the device store (undefined while the amp has not sent it). */
function useChannelValues<T>(
  ready: readonly ReadyTarget[],
  read: (state: DeviceDelta | undefined, channel: number) => T | undefined,
): Readonly<Record<string, T | undefined>> {
  return useSelector(
    (s: WithDevices) =>
      Object.fromEntries(ready.map((tg) => [tg.key, read(selectAmpState(s, tg.amp.ampId), tg.channel)])),
    shallowEqual,
  );
}

/**
 * The test's writes: each channel's value before its first write is kept, and written back by `restore` (switch
 * off) and on unmount; refused writes are listed by channel until that channel's next write succeeds.
 */
function useTestWrites() {
  const { t } = useTouchSourcesText();
  const manager = useDeviceManager();
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const originals = useRef(new Map<string, { ampId: string; name: string; url: string; params: Params }>());
  const mounted = useRef(false);
  const setError = (key: string, message?: string) => {
    if (mounted.current)
      setErrors(({ [key]: _gone, ...rest }) => (message === undefined ? rest : { ...rest, [key]: message }));
  };

  const restore = () => {
    for (const [key, o] of originals.current)
      manager.set(o.ampId, o.url, o.params).then(
        () => setError(`restore ${key}`),
        (err: unknown) => setError(`restore ${key}`, t('live.restoreFailed', { amp: o.name, reason: reasonOf(err) })),
      );
    originals.current.clear();
    if (mounted.current)
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k.startsWith('restore '))));
  };
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      restoreRef.current(); // leaving the page ends the test
    };
  }, []);

  return {
    errors: [...new Set(Object.values(errors))],
    /** Whether the channel's value before the test is kept (it is kept now, if `before` is known). */
    remember(tg: ReadyTarget, url: string, before: Params | undefined): boolean {
      if (originals.current.has(tg.key)) return true;
      if (before === undefined) return false;
      originals.current.set(tg.key, { ampId: tg.amp.ampId, name: tg.amp.name, url, params: before });
      return true;
    },
    has: (key: string) => originals.current.has(key),
    write(tg: ReadyTarget, url: string, params: Params) {
      manager.set(tg.amp.ampId, url, params).then(
        () => setError(tg.key),
        (err: unknown) => setError(tg.key, t('live.failed', { amp: tg.amp.name, reason: reasonOf(err) })),
      );
    },
    restore,
  };
}

/** The frame both tests share: title, what it does, the switch, and (while on) the controls and what is skipped. */
function TestFrame(props: {
  intro: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  sorted: ReturnType<typeof useSorted>;
  values: Readonly<Record<string, unknown>>;
  writes: ReturnType<typeof useTestWrites>;
  children: ReactNode;
}) {
  const { t, i18n } = useTouchSourcesText();
  const titleId = useId();
  const list = (items: readonly string[]) => new Intl.ListFormat(i18n.language).format(items);
  const { sorted, writes } = props;
  const hasTargets = [sorted.ready, sorted.offline, sorted.notFound, sorted.readonly].some((l) => l.length > 0);
  const unknown = sorted.ready.filter((tg) => props.values[tg.key] === undefined && !writes.has(tg.key));
  const notes = [
    sorted.offline.length > 0 && t('live.skippedOffline', { amps: list(sorted.offline) }),
    sorted.notFound.length > 0 && t('live.skippedNotFound', { amps: list(sorted.notFound) }),
    sorted.readonly.length > 0 && t('live.skippedReadonly', { amps: list(sorted.readonly) }),
    unknown.length > 0 &&
      t('live.unknownOriginal', {
        channels: list(unknown.map((tg) => t('live.channelRef', { amp: tg.amp.name, n: tg.channel }))),
      }),
  ].filter((n): n is string => typeof n === 'string');
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h3" variant="h6">
        {t('live.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {props.intro}
      </Typography>
      <FormControlLabel
        label={t('live.switch')}
        control={
          <Switch
            checked={props.on}
            disabled={!hasTargets && !props.on}
            onChange={(e) => props.onToggle(e.target.checked)}
          />
        }
      />
      {!hasTargets && (
        <Typography variant="body2" color="text.secondary">
          {t('live.noChannels')}
        </Typography>
      )}
      {props.on && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {props.children}
          {[...notes.map((n) => ['info', n] as const), ...writes.errors.map((e) => ['error', e] as const)].map(
            ([severity, text]) => (
              <Alert key={text} severity={severity}>
                {text}
              </Alert>
            ),
          )}
        </Stack>
      )}
    </Paper>
  );
}

const faderOf = (s: DeviceDelta | undefined, ch: number) => s?.amp?.channels?.[String(ch)]?.output?.fader;
const primaryOf = (s: DeviceDelta | undefined, ch: number) => s?.amp?.channels?.[String(ch)]?.inputSelector?.primary;

function VolumeTest({ groupIndex }: { groupIndex: number }) {
  const { t } = useTouchSourcesText();
  const { config, amps } = useCurrentPanel();
  const group = config?.groups[groupIndex];
  const volume = group?.type === 'volume' ? group : undefined;
  const range = volume?.range ?? 0;
  const targets = useMemo(
    () =>
      (volume?.amps ?? []).flatMap((a) =>
        Object.entries(a.channels).map(([ch, { offset }]) => ({
          key: ampChannelKey(a.macAddress, Number(ch)),
          ipAddress: a.ipAddress,
          channel: Number(ch),
          offset,
          amp: findTouchAmp(amps, a),
        })),
      ),
    [volume, amps],
  );
  const sorted = useSorted(targets);
  const faders = useChannelValues(sorted.ready, faderOf);
  const writes = useTestWrites();
  const [on, setOn] = useState(false);
  const [level, setLevel] = useState<number | null>(null); // null: not moved yet, nothing written
  const shown = clamp(level ?? -range, -range, 0);
  const offsetOf = new Map(targets.map((tg) => [tg.key, tg.offset]));
  const labelId = useId();

  const send = (value: number) => {
    for (const tg of sorted.ready) {
      const before = faders[tg.key];
      const url = `/amp/channels/${tg.channel}/output`;
      if (!writes.remember(tg, url, before === undefined ? undefined : { fader: before })) continue;
      writes.write(tg, url, {
        fader: clamp(tenths(value + (offsetOf.get(tg.key) ?? 0)), CHANNEL_OFFSET_MIN_DB, CHANNEL_OFFSET_MAX_DB),
      });
    }
  };
  const throttle = useThrottle(send, LEVEL_WRITE_MS);

  // a change of offsets, range or amps while the test plays is heard at once
  const sentFor = useRef('');
  const targetsKey = `${range} ${sorted.ready.map((tg) => `${tg.key}=${offsetOf.get(tg.key)}`).join(' ')}`;
  useEffect(() => {
    if (!on || level === null || sentFor.current === targetsKey) return;
    sentFor.current = targetsKey;
    throttle.call(shown);
  }, [on, level, shown, targetsKey, throttle]);

  const move = (value: number, committed: boolean) => {
    sentFor.current = targetsKey;
    setLevel(value);
    if (committed) throttle.flush(value);
    else throttle.call(value);
  };
  const toggle = (next: boolean) => {
    if (!next) {
      throttle.cancel();
      writes.restore();
      setLevel(null);
      sentFor.current = '';
    }
    setOn(next);
  };

  if (!volume) return null;
  return (
    <TestFrame intro={t('live.volumeIntro')} on={on} onToggle={toggle} sorted={sorted} values={faders} writes={writes}>
      <Box sx={{ px: 1 }}>
        <Typography variant="body2">
          <span id={labelId}>{t('live.level')}</span> {t('live.levelValue', { value: shown.toFixed(1) })}
        </Typography>
        <Slider
          aria-labelledby={labelId}
          value={shown}
          min={-range}
          max={0}
          step={0.1}
          shiftStep={1}
          disabled={range === 0 || sorted.ready.length === 0}
          getAriaValueText={(v) => t('live.levelValue', { value: v.toFixed(1) })}
          onChange={(_, v) => move(v, false)}
          onChangeCommitted={(_, v) => move(v, true)}
        />
        {level === null && (
          <Typography variant="body2" color="text.secondary">
            {t('live.untouched')}
          </Typography>
        )}
      </Box>
    </TestFrame>
  );
}

function SourceTest({ groupIndex }: { groupIndex: number }) {
  const { t } = useTouchSourcesText();
  const { config, amps } = useCurrentPanel();
  const manager = useDeviceManager();
  const group = config?.groups[groupIndex];
  const states = group?.type === 'sourceSelect' ? group.states : undefined;
  const targets = useMemo(() => {
    const seen = new Map<string, Target>();
    for (const src of (states ?? []).flatMap((s) => s.sources)) {
      const key = ampChannelKey(src.macAddress, src.channel);
      if (!seen.has(key))
        seen.set(key, { key, ipAddress: src.ipAddress, channel: src.channel, amp: findTouchAmp(amps, src) });
    }
    return [...seen.values()];
  }, [states, amps]);
  const sorted = useSorted(targets);
  const primaries = useChannelValues(sorted.ready, primaryOf);
  const writes = useTestWrites();
  const [on, setOn] = useState(false);
  const [playing, setPlaying] = useState<number | null>(null);

  // the amp list holds only the summary: the input selectors come with the whole tree, subscribed while testing
  const ampIds = [...new Set(sorted.ready.map((tg) => tg.amp.ampId))].join(' ');
  useEffect(() => {
    if (!on || ampIds === '') return;
    const releases = ampIds.split(' ').map((id) => manager.openDetail(id));
    return () => releases.forEach((release) => release());
  }, [on, ampIds, manager]);

  // the state played is sent when chosen, and again when its inputs, its amps or the known originals change
  const played = playing === null ? undefined : states?.[playing];
  const known = sorted.ready.filter((tg) => primaries[tg.key] !== undefined).map((tg) => tg.key);
  const playKey = played ? JSON.stringify([playing, played.sources, known]) : '';
  const sentFor = useRef('');
  useEffect(() => {
    if (!on || !played || sentFor.current === playKey) return;
    sentFor.current = playKey;
    const byKey = new Map(sorted.ready.map((tg) => [tg.key, tg]));
    for (const src of played.sources) {
      const tg = byKey.get(ampChannelKey(src.macAddress, src.channel));
      if (!tg) continue;
      const before = primaries[tg.key];
      const url = `/amp/channels/${tg.channel}/inputSelector`;
      if (!writes.remember(tg, url, before === undefined ? undefined : { primary: before })) continue;
      writes.write(tg, url, { primary: src.source });
    }
  });

  const toggle = (next: boolean) => {
    if (!next) {
      writes.restore();
      setPlaying(null);
      sentFor.current = '';
    }
    setOn(next);
  };

  if (!states) return null;
  return (
    <TestFrame
      intro={t('live.sourceIntro')}
      on={on}
      onToggle={toggle}
      sorted={sorted}
      values={primaries}
      writes={writes}
    >
      <Typography variant="body2" color="text.secondary">
        {t('live.playHint')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={playing}
        onChange={(_, v: number | null) => v !== null && setPlaying(v)}
        sx={{ flexWrap: 'wrap' }}
      >
        {states.map((s, i) => (
          <ToggleButton key={i} value={i} disabled={sorted.ready.length === 0}>
            {t('live.play', { state: s.name })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </TestFrame>
  );
}

// keyed by the group: changing group ends the test (and puts the amps back)
export function VolumeLiveTest({ groupIndex }: { groupIndex: number }) {
  return <VolumeTest key={groupIndex} groupIndex={groupIndex} />;
}

export function SourceLiveTest({ groupIndex }: { groupIndex: number }) {
  return <SourceTest key={groupIndex} groupIndex={groupIndex} />;
}
