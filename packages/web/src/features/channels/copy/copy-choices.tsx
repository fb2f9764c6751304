/** Issue 18: the copy dialog's choices: which block (radio buttons) and which target channels (checkboxes). */
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Checkbox from '@mui/material/Checkbox';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import type { AmpState } from '@rackside/protocol';
import { useLinksText } from '../link/links-i18n';
import { COPY_BLOCKS, type CopyBlock } from './plan-copy';

export interface CopyChoicesProps {
  readonly state: AmpState;
  readonly source: number;
  readonly block: CopyBlock;
  readonly onBlock: (block: CopyBlock) => void;
  readonly targets: readonly number[];
  readonly onTargets: (targets: number[]) => void;
  /** Target channels on which every field of the block is locked for this user. */
  readonly lockedTargets: readonly number[];
  readonly disabled: boolean;
}

export function CopyChoices(props: CopyChoicesProps) {
  const { state, source, block, onBlock, targets, onTargets, lockedTargets, disabled } = props;
  const { t } = useLinksText();
  const blockLabel = useId();
  const channels = Object.keys(state.channels)
    .map(Number)
    .filter((n) => n !== source)
    .sort((a, b) => a - b);
  const toggle = (n: number) => onTargets(targets.includes(n) ? targets.filter((x) => x !== n) : [...targets, n]);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 3 }}>
      <FormControl disabled={disabled}>
        <FormLabel id={blockLabel}>{t('copy.block')}</FormLabel>
        <RadioGroup aria-labelledby={blockLabel} value={block} onChange={(e) => onBlock(e.target.value as CopyBlock)}>
          {COPY_BLOCKS.map((b) => (
            <FormControlLabel key={b} value={b} control={<Radio />} label={t(`copy.blocks.${b}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl component="fieldset" variant="standard" disabled={disabled}>
        <FormLabel component="legend">{t('copy.targets')}</FormLabel>
        <FormGroup>
          {channels.map((n) => {
            const name = state.channels[String(n)]?.output.name ?? '';
            const locked = lockedTargets.includes(n);
            return (
              <FormControlLabel
                key={n}
                disabled={disabled || locked}
                control={<Checkbox checked={targets.includes(n) && !locked} onChange={() => toggle(n)} />}
                label={locked ? t('copy.targetLocked', { n, name }) : t('copy.channel', { n, name })}
              />
            );
          })}
        </FormGroup>
      </FormControl>
    </Stack>
  );
}
