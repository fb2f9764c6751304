import { List, ListItem, ListItemText, ListSubheader, Typography } from '@mui/material';
import type { ImportPlan, PlannedChange } from '@rackside/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSFER_NS } from '../transfer-i18n';

/** The preview's groups: the amp first, then each channel; inside each, the changes by block (tick). */
function groupChanges(changes: readonly PlannedChange[]): [number | undefined, PlannedChange[]][] {
  const byChannel = new Map<number | undefined, PlannedChange[]>();
  for (const c of changes) byChannel.set(c.channel, [...(byChannel.get(c.channel) ?? []), c]);
  return [...byChannel]
    .sort(([a], [b]) => (a ?? 0) - (b ?? 0))
    .map(([ch, list]) => [ch, [...list].sort((x, y) => x.group.localeCompare(y.group))]);
}

// the path under its channel (or under the root for amp-level fields), as the user reads it
const shortPath = (c: PlannedChange) =>
  c.channel === undefined ? c.path.slice(1) : c.path.replace(/^\/amp\/channels\/\d+\//, '');

/** The texts of a comparison, where they differ from the import preview's. */
export interface PreviewTexts {
  readonly heading: string;
  readonly none: string;
  readonly unsupported: string;
}

/**
 * Beyond the vendor (issue 17): field by field what the import will change (old → new) and what it skips. A
 * comparison (a file or another amp against this amp) shows the same lists under its own texts.
 */
export function ImportPreview({ plan, texts }: { plan: ImportPlan; texts?: PreviewTexts }) {
  const { t } = useTranslation(TRANSFER_NS);
  const headingId = useId();
  const show = (v: unknown) => (v === undefined || v === '' ? t('preview.empty') : JSON.stringify(v));
  const { heading, none, unsupported } = texts ?? {
    heading: t('preview.heading'),
    none: t('preview.none'),
    unsupported: t('preview.unsupported'),
  };
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h4">
        {heading}
      </Typography>
      {plan.changes.length === 0 ? <Typography variant="body2">{none}</Typography> : null}
      {groupChanges(plan.changes).map(([channel, list]) => {
        const heading = channel === undefined ? t('preview.amp') : t('preview.channel', { channel });
        return (
          <List key={channel ?? 'amp'} dense aria-label={heading} subheader={<ListSubheader>{heading}</ListSubheader>}>
            {list.map((c) => (
              <ListItem key={c.path}>
                <ListItemText
                  primary={`${t(`ticks.${c.group}`)} · ${shortPath(c)}`}
                  secondary={`${show(c.before)} → ${show(c.after)}`}
                />
              </ListItem>
            ))}
          </List>
        );
      })}
      {plan.unsupported.length > 0 ? (
        <List dense aria-label={unsupported} subheader={<ListSubheader>{unsupported}</ListSubheader>}>
          {plan.unsupported.map((u) => (
            <ListItem key={u.item}>
              <ListItemText primary={t('result.unsupported', { item: u.item })} />
            </ListItem>
          ))}
        </List>
      ) : null}
    </section>
  );
}
