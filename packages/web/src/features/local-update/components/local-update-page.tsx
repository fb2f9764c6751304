/**
 * /update in local mode (spec 3 §2): choose the amps and a firmware image or release zip, see which image each amp
 * gets, Update, then follow each amp's update. The file and the selection stay when a file is refused or an update
 * is over (nothing chosen is lost); a file read after another was chosen is dropped.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { deepEqual } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectHostAmpId, useAmpSubscription } from '../../../device';
import { selectCandidates, selectHasTouchControllers } from '../fleet';
import { LOCAL_UPDATE_NS } from '../local-update-i18n';
import { readFirmwareFile } from '../release-zip';
import { ampsToUpdate, selectableIds, type FileRefusal, type FirmwareSet } from '../selection';
import { useLocalUpdate, type UploadToAmp } from '../use-local-update';
import { AmpSelection } from './amp-selection';
import { FilePicker } from './file-picker';
import { UpdateProgress } from './update-progress';

export function LocalUpdatePage({ upload }: { upload?: UploadToAmp }) {
  const { t } = useTranslation(LOCAL_UPDATE_NS);
  const amps = useSelector(selectCandidates, deepEqual);
  const hasTouchControllers = useSelector(selectHasTouchControllers);
  const host = useSelector(selectHostAmpId);
  // the host's whole tree (its /NSTProxy tells whether touch controllers exist)
  useAmpSubscription(host ?? '', host !== null);
  const [set, setSet] = useState<FirmwareSet>();
  const [refused, setRefused] = useState<{ name: string; refusal: FileRefusal }>();
  const [reading, setReading] = useState<string>();
  const lastChoice = useRef(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { run, start, clear } = useLocalUpdate(upload);

  const choose = useCallback(async (file: File) => {
    const id = ++lastChoice.current;
    setReading(file.name);
    setRefused(undefined);
    const choice = await readFirmwareFile(file);
    if (id !== lastChoice.current) return; // another file was chosen meanwhile
    setReading(undefined);
    if (choice.ok) setSet(choice.set);
    else setRefused({ name: file.name, refusal: choice.refusal });
  }, []);
  const toggle = useCallback(
    (ampId: string, on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(ampId);
        else next.delete(ampId);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback((on: boolean) => setSelected(new Set(on ? selectableIds(amps) : [])), [amps]);
  const targets = useMemo(() => ampsToUpdate(amps, selected, set), [amps, selected, set]);
  const selectedCount = amps.filter((a) => selected.has(a.ampId)).length;
  const need = reading ? 'reading' : !set ? 'file' : targets.length === 0 ? 'amps' : undefined;

  const update = () => {
    if (need !== undefined) return;
    setRefused(undefined);
    void start(targets.map(({ amp, image }) => ({ ampId: amp.ampId, image: image.file, imageName: image.name })));
  };

  return (
    <Stack sx={{ p: { xs: 2, sm: 3 }, alignItems: 'center', overflow: 'auto' }}>
      <Paper sx={{ p: 3, width: '100%', maxWidth: 760 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        {run ? (
          <UpdateProgress run={run} hasTouchControllers={hasTouchControllers} onNewUpdate={clear} />
        ) : (
          <Stack spacing={3}>
            <Typography color="textSecondary">{t('intro')}</Typography>
            <FilePicker set={set} reading={reading} refused={refused} onChoose={(f) => void choose(f)} />
            <Divider />
            <AmpSelection amps={amps} selected={selected} set={set} onToggle={toggle} onToggleAll={toggleAll} />
            <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Button variant="contained" disabled={need !== undefined} onClick={update}>
                {t('update')}
              </Button>
              <Box role="status" aria-live="polite">
                <Typography variant="body2" color="textSecondary">
                  {need ? t(`needs.${need}`) : t('amps.count', { count: targets.length, total: selectedCount })}
                </Typography>
              </Box>
            </Stack>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
