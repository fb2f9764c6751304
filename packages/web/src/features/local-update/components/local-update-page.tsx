/**
 * /update in local mode (spec 3 §2): choose the amps and a firmware image, Update, then follow each amp's update.
 * The file and the selection stay when a file is refused or an update is over (nothing chosen is lost).
 */
import { useCallback, useMemo, useState } from 'react';
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
import { ampsToUpdate, chooseFile, selectableIds, type ChosenImage, type FileRefusal } from '../selection';
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
  const [image, setImage] = useState<ChosenImage>();
  const [refused, setRefused] = useState<{ name: string; refusal: FileRefusal }>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { run, start, clear } = useLocalUpdate(upload);

  const choose = useCallback((file: File) => {
    const choice = chooseFile(file);
    if (choice.ok) {
      setImage(choice.image);
      setRefused(undefined);
    } else setRefused({ name: file.name, refusal: choice.refusal });
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
  const targets = useMemo(() => ampsToUpdate(amps, selected, image), [amps, selected, image]);
  const selectedCount = amps.filter((a) => selected.has(a.ampId)).length;
  const need = !image ? 'file' : targets.length === 0 ? 'amps' : undefined;

  const update = () => {
    if (!image || targets.length === 0) return;
    setRefused(undefined);
    void start(targets.map((a) => ({ ampId: a.ampId, image: image.file, imageName: image.name })));
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
            <FilePicker image={image} refused={refused} onChoose={choose} />
            <Divider />
            <AmpSelection amps={amps} selected={selected} image={image} onToggle={toggle} onToggleAll={toggleAll} />
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
