/** The rollout's recorded steps (issue 14: every step is recorded), in a collapsible list. */
import { Accordion, AccordionDetails, AccordionSummary, List, ListItem, Typography } from '@mui/material';
import type { Rollout, RolloutEvent } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import { formatWhen } from '../rollout-format';

export function RolloutLog({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary>
        <Typography component="span">{t('progress.log', { count: rollout.events.length })}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        {rollout.events.length === 0 ? (
          <Typography color="textSecondary">{t('progress.logEmpty')}</Typography>
        ) : (
          <List dense disablePadding>
            {rollout.events.map((event, i) => (
              <EventRow key={`${event.at}-${i}`} event={event} rollout={rollout} />
            ))}
          </List>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

function EventRow({ event, rollout }: { event: RolloutEvent; rollout: Rollout }) {
  const { t, i18n } = useTranslation(CLOUD_UPDATE_NS);
  const amp = rollout.targets.find((x) => x.deviceId === event.deviceId)?.name ?? event.deviceId ?? '';
  // waves are 0-based on the wire and counted from 1 on screen, as in the wave headings
  const text = t(`event.${event.kind}`, { wave: (event.wave ?? 0) + 1, amp });
  return (
    <ListItem disableGutters sx={{ display: 'block' }}>
      <Typography component="span" variant="body2" color="textSecondary" sx={{ mr: 1 }}>
        {formatWhen(event.at, i18n.language)}
      </Typography>
      <Typography component="span" variant="body2">
        {event.detail === null ? text : t('event.detail', { text, detail: event.detail })}
      </Typography>
    </ListItem>
  );
}
