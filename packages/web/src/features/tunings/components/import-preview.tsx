/** What a tuning import will change on the channel (field: old → new) and what this amp cannot take. */
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { ImportPlan } from '@rackside/protocol';
import { useId } from 'react';
import { useTuningsText } from '../tunings-i18n';

const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

export function TuningImportPreview({ plan, channel }: { plan: ImportPlan; channel: number }) {
  const { t } = useTuningsText();
  const changesId = useId();
  const unsupportedId = useId();
  const root = `/amp/channels/${channel}/`;
  return (
    <>
      {plan.changes.length === 0 ? (
        <Typography variant="body2">{t('import.noChanges', { channel })}</Typography>
      ) : (
        <>
          <Typography variant="subtitle2" id={changesId}>
            {t('import.changes', { channel })}
          </Typography>
          <List dense aria-labelledby={changesId} sx={{ maxHeight: 240, overflow: 'auto' }}>
            {plan.changes.map((c) => (
              <ListItem key={c.path} disableGutters>
                <ListItemText
                  primary={c.path.startsWith(root) ? c.path.slice(root.length) : c.path}
                  secondary={`${show(c.before)} → ${show(c.after)}`}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {plan.unsupported.length > 0 && (
        <>
          <Typography variant="subtitle2" id={unsupportedId}>
            {t('import.unsupported')}
          </Typography>
          <List dense aria-labelledby={unsupportedId}>
            {plan.unsupported.map((u) => (
              <ListItem key={u.item} disableGutters>
                <ListItemText primary={t('import.unsupportedItem', { item: u.item })} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </>
  );
}
