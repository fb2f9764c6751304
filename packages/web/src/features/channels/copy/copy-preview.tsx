/** Issue 18: what a block copy changes, per target channel: 'Ch 3 | EQ band 2 gain | 0.0 → +6.0 dB'; 'no changes'. */
import { useId } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PlannedChange } from '@rackside/protocol';
import type { InfoLookup } from '../../../device/fields/field-info';
import { useChannelsText } from '../i18n';
import { useLinksText } from '../link/links-i18n';
import { describeValues, placeOfField } from './describe-copy';
import type { TargetPlan } from './plan-copy';

export function CopyPreview({ plans, info }: { plans: readonly TargetPlan[]; info: InfoLookup }) {
  const { t, i18n } = useLinksText();
  const { choice } = useChannelsText();
  const titleId = useId();
  const texts = { language: i18n.language, on: t('copy.on'), off: t('copy.off'), choice };
  // a field the namespace does not name shows by its own name
  const loose = t as unknown as (key: string, options: Record<string, unknown>) => string;
  const setting = (c: PlannedChange) => {
    const { place, field } = placeOfField(c.path);
    const name = loose(`copy.fields.${field}`, { defaultValue: field });
    return place ? `${t(`copy.places.${place.key}`, { n: place.n })} ${name}` : name;
  };
  const change = (c: PlannedChange) => {
    const { from, to, unit } = describeValues(c, info, texts);
    const text = t('copy.change', { from, to });
    return unit === undefined ? text : t('copy.withUnit', { value: text, unit });
  };
  const rows = plans.flatMap((p) => p.changes.map((c) => ({ channel: p.channel, c })));
  return (
    <>
      <Typography variant="subtitle2" id={titleId} sx={{ mt: 2 }}>
        {t('copy.preview')}
      </Typography>
      {plans.map((p) =>
        p.changes.length === 0 ? (
          <Typography key={`none-${p.channel}`} variant="body2">
            {t('copy.noChanges', { n: p.channel })}
          </Typography>
        ) : null,
      )}
      {plans.map((p) =>
        p.locked.length > 0 ? (
          <Typography key={`locked-${p.channel}`} variant="body2" color="warning.main">
            {t('copy.locked', { n: p.channel, count: p.locked.length })}
          </Typography>
        ) : null,
      )}
      {rows.length > 0 ? (
        <TableContainer sx={{ maxHeight: 320 }}>
          <Table size="small" stickyHeader aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('copy.columns.channel')}</TableCell>
                <TableCell>{t('copy.columns.setting')}</TableCell>
                <TableCell>{t('copy.columns.change')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ channel, c }) => (
                <TableRow key={c.path}>
                  <TableCell>{t('copy.channelShort', { n: channel })}</TableCell>
                  <TableCell>{setting(c)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{change(c)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </>
  );
}
