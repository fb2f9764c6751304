/** The tuning ticks of an export (spec 3 §2: crossover and delay, EQ, limiters), as a labelled group of checkboxes. */
import { Checkbox, FormControlLabel, FormGroup, FormLabel } from '@mui/material';
import { TUNING_TICKS, type TuningTicks } from '@rackside/protocol';
import { useId } from 'react';
import { useTuningsText } from '../tunings-i18n';

export function TuningTickList(props: {
  ticks: TuningTicks;
  onChange: (ticks: TuningTicks) => void;
  disabled: boolean;
}) {
  const { t } = useTuningsText();
  const legendId = useId();
  return (
    <FormGroup role="group" aria-labelledby={legendId}>
      <FormLabel id={legendId}>{t('ticks.legend')}</FormLabel>
      {TUNING_TICKS.map((tick) => (
        <FormControlLabel
          key={tick}
          label={t(`ticks.${tick}`)}
          disabled={props.disabled}
          control={
            <Checkbox
              checked={props.ticks[tick]}
              onChange={(e) => props.onChange({ ...props.ticks, [tick]: e.target.checked })}
            />
          }
        />
      ))}
    </FormGroup>
  );
}
