import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { compareNames } from '@rackside/protocol';
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoveAmpMutation } from '../api/venues-api';
import { useVenuesOverview } from '../use-venues';
import type { CloudAmp } from '../venue-overview';

/**
 * spec 1 §2 Move amp: what the Move button allows. Disabled while nothing is chosen, when the chosen venue is the
 * amp's own, and while the move is under way.
 */
export function canMoveAmp(amp: Pick<CloudAmp, 'venueId'>, chosen: string | null, busy: boolean): boolean {
  return chosen !== null && chosen !== amp.venueId && !busy;
}

/**
 * spec 1 §2/§4 Move amp: the user's venues to choose from (the amp's own marked); on success the text asks to wait a
 * few seconds (the amp shows in the other venue once the overview refreshes), on failure 'Failed to move amp'.
 */
export function MoveAmpDialog(props: { amp: CloudAmp; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('venues');
  const titleId = useId();
  const { data } = useVenuesOverview();
  const [chosen, setChosen] = useState<string | null>(null);
  const [move, result] = useMoveAmpMutation();
  const venues = [...(data?.venues ?? [])].sort((a, b) => compareNames(a.name, b.name));
  const name = props.amp.summary.deviceName || t('amp.unnamed');
  const target = venues.find((v) => v.venueId === chosen)?.name ?? '';
  const close = () => {
    setChosen(null);
    result.reset();
    props.onClose();
  };
  const submit = () => {
    if (chosen === null) return;
    void move({ ampId: props.amp.summary.ampId, venueId: chosen });
  };
  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('move.title', { name })}</DialogTitle>
      <DialogContent>
        {result.isSuccess ? (
          <Alert severity="success">{t('move.done', { venue: target })}</Alert>
        ) : (
          <>
            <DialogContentText>{t('move.choose')}</DialogContentText>
            <RadioGroup
              aria-label={t('move.venues')}
              value={chosen ?? ''}
              onChange={(e) => {
                setChosen(e.target.value);
                if (result.isError) result.reset();
              }}
            >
              {venues.map((v) => (
                <FormControlLabel
                  key={v.venueId}
                  value={v.venueId}
                  control={<Radio />}
                  label={v.venueId === props.amp.venueId ? t('move.current', { venue: v.name }) : v.name}
                />
              ))}
            </RadioGroup>
            {venues.length < 2 ? <DialogContentText>{t('move.noOther')}</DialogContentText> : null}
            {result.isError ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {t('move.failed')}
              </Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {result.isSuccess ? (
          <Button onClick={close} autoFocus>
            {t('move.ok')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('move.cancel')}</Button>
            <Button
              variant="contained"
              onClick={submit}
              loading={result.isLoading}
              disabled={!canMoveAmp(props.amp, chosen, result.isLoading)}
            >
              {t('move.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

const OpenMoveAmp = createContext<((amp: CloudAmp) => void) | null>(null);

/**
 * Holds the Move amp dialog beside a venue's amp list rather than in the amp's card: a successful move takes the amp
 * out of this venue at the next overview refresh, which unmounts its card, and the dialog's 'moving' message must
 * stay until the user dismisses it.
 */
export function MoveAmpHost({ children }: { children: ReactNode }) {
  const [amp, setAmp] = useState<CloudAmp | null>(null);
  return (
    <OpenMoveAmp.Provider value={setAmp}>
      {children}
      {amp ? <MoveAmpDialog amp={amp} open onClose={() => setAmp(null)} /> : null}
    </OpenMoveAmp.Provider>
  );
}

/** Opens the Move amp dialog of the nearest MoveAmpHost; null outside one. */
export const useOpenMoveAmp = (): ((amp: CloudAmp) => void) | null => useContext(OpenMoveAmp);
