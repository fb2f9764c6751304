/** One physical input (spec 2 §2 Inputs): sensitivity 26dB/34dB, mic gain and Mic/Line where the model has them, trim, level. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { FieldSelect } from '../fields/field-select';
import { FieldSlider } from '../fields/field-slider';
import { LiveMeter } from '../fields/live-meter';
import type { PhysicalInput } from './physical-inputs';

const SOURCE_NAME = { analog: 'Analog', dante: 'Dante', digital: 'Digital' } as const;

export function InputCard({ ctx, input }: { ctx: FieldContext; input: PhysicalInput }) {
  const { t, choice } = useChannelsText();
  const at = (name: string) => valueAt(ctx.state, `${input.url}/${name}`);
  const source = choice(`${SOURCE_NAME[input.kind]} ${input.number}`);
  const name = at('name');
  return (
    <Card component="section" aria-label={t('inputs.input', { name: source })} variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2">
        {source}
        {typeof name === 'string' && name !== '' && name !== source ? ` · ${name}` : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: 1, display: 'grid', gap: 1 }}>
          <FieldSelect ctx={ctx} url={`${input.url}/sensitivity`} />
          <FieldSelect ctx={ctx} url={`${input.url}/inputType`} />
          <FieldSlider ctx={ctx} url={`${input.url}/micGain`} />
          <FieldSlider ctx={ctx} url={`${input.url}/trim`} />
        </Box>
        <LiveMeter
          ctx={ctx}
          url={`${input.url}/level`}
          clipUrl={`${input.url}/clip`}
          label={t('inputs.inputLevel', { name: source })}
        />
      </Box>
    </Card>
  );
}
