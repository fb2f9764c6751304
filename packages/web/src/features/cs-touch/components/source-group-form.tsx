/**
 * spec 3 §2/§4/§5: the source-select group form: the group's name, the channels it switches (channels of other
 * source groups disabled), and its ordered states (at most 4), each with its name and the input it selects on every
 * channel (the inputs the amp's model offers; a source from an imported file the model lacks shows as unavailable).
 * Under them, the live test (issue 19) plays each state on the amps before saving.
 */
import { Box, Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  CHOSEN,
  GROUP_NAME_MAX_LENGTH,
  SOURCE_STATES_MAX,
  ampChannelKey,
  canAddSourceState,
  channelsInOtherGroups,
  isValidGroupRename,
  type Source,
  type SourceSelectState,
} from '@rackside/protocol';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { TextLimitHelper } from '../../../shared/ui/text-limit';
import { useCurrentPanel } from '../hooks/current-panel';
import { findTouchAmp, type TouchAmp } from '../model/touch-amps';
import { touchEditorActions as actions, type AmpChannelRef } from '../store/touch-editor-slice';
import { useTouchSourcesText } from '../touch-i18n';
import { ChannelPicker } from './channel-picker';
import { SourceLiveTest } from './live-test';
import { ArrowDownIcon, ArrowUpIcon, DeleteIcon } from './touch-icons';

/** The input a new channel starts on when its amp's model is unknown (never expected: the picker lists known amps). */
const FALLBACK_SOURCE = 'Analog 1';

const isValidStateName = (name: string) => name.trim() !== '' && name.length <= CHOSEN.touchStateNameMaxLength;

/**
 * A name edited in place: each valid draft is applied at once; an empty or too long one is refused visibly (the
 * last valid name stays in the configuration); Escape goes back to it.
 */
function NameField(props: {
  label: string;
  name: string;
  max: number;
  valid: (name: string) => boolean;
  onRename: (name: string) => void;
}) {
  const { t } = useTouchSourcesText();
  const [draft, setDraft] = useState(props.name);
  const [seen, setSeen] = useState(props.name);
  if (seen !== props.name) {
    // the name changed elsewhere (discard, import, another group): show it
    setSeen(props.name);
    setDraft(props.name);
  }
  const problem = props.valid(draft)
    ? undefined
    : draft.trim() === ''
      ? t('form.nameEmpty')
      : t('form.nameTooLong', { max: props.max });
  return (
    <TextField
      label={props.label}
      value={draft}
      size="small"
      fullWidth
      error={problem !== undefined}
      onChange={(e) => {
        setDraft(e.target.value);
        if (props.valid(e.target.value) && e.target.value !== props.name) props.onRename(e.target.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setDraft(props.name);
      }}
      helperText={
        <TextLimitHelper message={problem} counter={t('form.counter', { length: draft.length, max: props.max })} />
      }
    />
  );
}

/** The group's channels: every channel any state names, once each. */
function groupChannels(states: readonly SourceSelectState[]): AmpChannelRef[] {
  const seen = new Map<string, AmpChannelRef>();
  for (const src of states.flatMap((s) => s.sources)) {
    const key = ampChannelKey(src.macAddress, src.channel);
    if (!seen.has(key)) seen.set(key, { ipAddress: src.ipAddress, macAddress: src.macAddress, channel: src.channel });
  }
  return [...seen.values()];
}

/** One channel's input in one state: the amp model's inputs; a source it does not offer stays shown, marked. */
function SourceSelect(props: {
  src: Source;
  amp: TouchAmp | undefined;
  stateName: string;
  onChange: (source: string) => void;
}) {
  const { t } = useTouchSourcesText();
  const { src, amp } = props;
  const offered = amp ? amp.sources.includes(src.source) : false;
  let hint: string | undefined;
  if (!amp) hint = t('states.ampNotFound');
  else if (!offered) hint = t('states.unavailableHint', { source: src.source });
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t('states.source', { amp: amp?.name ?? src.ipAddress, n: src.channel, state: props.stateName })}
      value={src.source}
      error={!offered}
      helperText={hint}
      onChange={(e) => props.onChange(e.target.value)}
    >
      {(amp?.sources ?? []).map((s) => (
        <MenuItem key={s} value={s}>
          {s}
        </MenuItem>
      ))}
      {!offered && (
        <MenuItem value={src.source} disabled>
          {t('states.unavailable', { source: src.source })}
        </MenuItem>
      )}
    </TextField>
  );
}

type MoveButtons = Map<string, HTMLButtonElement>;

function StateCard(props: {
  state: SourceSelectState;
  index: number;
  count: number;
  amps: readonly TouchAmp[];
  buttons: MoveButtons;
  onRename: (name: string) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  onSource: (src: Source, source: string) => void;
}) {
  const { t } = useTouchSourcesText();
  const { state, index, buttons } = props;
  const titleId = useId();
  const ref = (dir: 'up' | 'down') => (el: HTMLButtonElement | null) => {
    if (el) buttons.set(`${index}:${dir}`, el);
    else buttons.delete(`${index}:${dir}`);
  };
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h4" variant="overline" sx={{ display: 'block', lineHeight: 1.5 }}>
        {t('states.heading', { n: index + 1, state: state.name })}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', mt: 1 }}>
        <NameField
          label={t('states.name', { n: index + 1 })}
          name={state.name}
          max={CHOSEN.touchStateNameMaxLength}
          valid={isValidStateName}
          onRename={props.onRename}
        />
        <IconButton
          ref={ref('up')}
          aria-label={t('states.moveUp', { state: state.name })}
          disabled={index === 0}
          onClick={() => props.onMove(-1)}
        >
          <ArrowUpIcon />
        </IconButton>
        <IconButton
          ref={ref('down')}
          aria-label={t('states.moveDown', { state: state.name })}
          disabled={index === props.count - 1}
          onClick={() => props.onMove(1)}
        >
          <ArrowDownIcon />
        </IconButton>
        <IconButton aria-label={t('states.delete', { state: state.name })} onClick={props.onDelete}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Stack spacing={2} sx={{ mt: 1 }}>
        {state.sources.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('states.noChannels')}
          </Typography>
        )}
        {state.sources.map((src) => (
          <SourceSelect
            key={ampChannelKey(src.macAddress, src.channel)}
            src={src}
            amp={findTouchAmp(props.amps, src)}
            stateName={state.name}
            onChange={(source) => props.onSource(src, source)}
          />
        ))}
      </Stack>
    </Paper>
  );
}

export function SourceGroupForm({ groupIndex }: { groupIndex: number }) {
  const { t } = useTouchSourcesText();
  const { panel, config, amps, dispatch } = useCurrentPanel();
  const group = config?.groups[groupIndex];
  const states = group?.type === 'sourceSelect' ? group.states : undefined;
  const selected = useMemo(() => groupChannels(states ?? []), [states]);
  const taken = useMemo(
    () => (config ? channelsInOtherGroups(config, groupIndex) : new Set<string>()),
    [config, groupIndex],
  );
  const buttons = useRef<MoveButtons>(new Map()).current;
  const addRef = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<{ index: number; dir: 'up' | 'down'; other: 'up' | 'down' } | 'add' | null>(null);
  // kept while the dialog closes, so that its title does not change under the fade
  const [deleting, setDeleting] = useState({ open: false, index: 0, name: '' });
  const headingId = useId();
  const reasonId = useId();

  // keyboard users keep their place: after a move the focus follows the state; after a delete it goes to Add state
  useEffect(() => {
    if (focus === null) return;
    if (focus === 'add') addRef.current?.focus();
    else {
      const el = buttons.get(`${focus.index}:${focus.dir}`);
      (el && !el.disabled ? el : buttons.get(`${focus.index}:${focus.other}`))?.focus();
    }
    setFocus(null);
  }, [focus, buttons]);

  if (!group || !states) return null;
  const at = { id: panel.id, group: groupIndex };
  const noState = states.length === 0;
  const canAdd = canAddSourceState({ states });

  const pickChannels = (next: AmpChannelRef[]) =>
    dispatch(
      actions.sourceChannelsSet({
        ...at,
        channels: next.map((ref) => ({
          ...ref,
          defaultSource: findTouchAmp(amps, ref)?.sources[0] ?? FALLBACK_SOURCE,
        })),
      }),
    );

  const addState = () => {
    const names = new Set(states.map((s) => s.name));
    let n = states.length + 1;
    while (names.has(t('states.defaultName', { n }))) n++;
    dispatch(actions.stateAdded({ ...at, name: t('states.defaultName', { n }) }));
  };

  const moveState = (index: number, by: -1 | 1) => {
    dispatch(actions.stateMoved({ ...at, state: index, by }));
    const dir = by === -1 ? 'up' : 'down';
    setFocus({ index: index + by, dir, other: dir === 'up' ? 'down' : 'up' });
  };

  const confirmDelete = () => {
    dispatch(actions.stateRemoved({ ...at, state: deleting.index }));
    setDeleting({ ...deleting, open: false });
    setFocus('add');
  };

  return (
    <Stack component="section" aria-label={t('form.label', { name: group.name })} spacing={3}>
      <NameField
        label={t('form.name')}
        name={group.name}
        max={GROUP_NAME_MAX_LENGTH}
        valid={isValidGroupRename}
        onRename={(name) => dispatch(actions.groupRenamed({ ...at, name }))}
      />

      <Box>
        <ChannelPicker
          label={t('form.channels')}
          amps={amps}
          selected={selected}
          disabled={noState ? () => true : (ref) => taken.has(ampChannelKey(ref.macAddress, ref.channel))}
          disabledHint={noState ? t('form.channelsNeedState') : t('form.channelsTaken')}
          onChange={pickChannels}
        />
        {noState && (
          <Typography variant="body2" color="warning" sx={{ mt: 1 }}>
            {t('form.channelsNeedState')}
          </Typography>
        )}
      </Box>

      <Stack component="section" aria-labelledby={headingId} spacing={2}>
        <Typography id={headingId} component="h3" variant="h6">
          {t('states.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {noState ? t('states.none') : t('states.hint')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
          {states.map((state, index) => (
            <StateCard
              key={index}
              state={state}
              index={index}
              count={states.length}
              amps={amps}
              buttons={buttons}
              onRename={(name) => dispatch(actions.stateRenamed({ ...at, state: index, name }))}
              onMove={(by) => moveState(index, by)}
              onDelete={() => setDeleting({ open: true, index, name: state.name })}
              onSource={(src, source) =>
                dispatch(
                  actions.sourceSet({ ...at, state: index, macAddress: src.macAddress, channel: src.channel, source }),
                )
              }
            />
          ))}
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            ref={addRef}
            variant="outlined"
            disabled={!canAdd}
            onClick={addState}
            aria-describedby={canAdd ? undefined : reasonId}
          >
            {t('states.add')}
          </Button>
          {!canAdd && (
            <Typography id={reasonId} variant="body2" color="text.secondary">
              {t('states.max', { max: SOURCE_STATES_MAX })}
            </Typography>
          )}
        </Stack>
      </Stack>

      <SourceLiveTest groupIndex={groupIndex} />

      <ConfirmDialog
        open={deleting.open}
        title={t('states.deleteTitle', { state: deleting.name })}
        text={t('states.deleteText')}
        cancelLabel={t('states.cancel')}
        confirmLabel={t('states.deleteConfirm')}
        busy={false}
        onConfirm={confirmDelete}
        onClose={() => setDeleting({ ...deleting, open: false })}
      />
    </Stack>
  );
}
