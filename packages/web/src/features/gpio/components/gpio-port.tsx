/** One GPIO port (spec 2 §3 "GPIO per port"): mode, behavior and polarity, each written to `/GPIO/{n}`. */
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { enumSchema } from '../../../device/fields/field-info';
import type { InfoLookup } from '../../../device/fields/field-info';
import { useAmpState, useDeviceWrite } from '../../../device';
import type { FieldAccess } from '../../../device/fields/use-field-access';
import { GPIO_NS } from '../gpio-i18n';
import { GpioSelect } from './gpio-select';

const FIELDS = ['mode', 'behavior', 'polarity'] as const;

export interface GpioPortProps {
  ampId: string;
  port: string;
  info: InfoLookup;
  access: FieldAccess;
}

export function GpioPort({ ampId, port, info, access }: GpioPortProps) {
  const { t } = useTranslation(GPIO_NS);
  const state = useAmpState(ampId, (s) => s?.GPIO?.[port]);
  const { set } = useDeviceWrite(ampId);
  const title = t('port', { n: port });
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {FIELDS.map((field) => {
          const url = `/GPIO/${port}/${field}`;
          const schema = enumSchema(info, url);
          if (!schema) return null;
          return (
            <GpioSelect
              key={field}
              label={t(`fields.${field}`)}
              value={state?.[field]}
              choices={schema.choices}
              level={access(url)}
              onSelect={(value) => void set(`/GPIO/${port}`, { [field]: value })}
            />
          );
        })}
      </Stack>
    </Paper>
  );
}
