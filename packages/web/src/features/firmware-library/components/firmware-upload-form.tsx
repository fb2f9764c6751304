import { Alert, Box, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { FIRMWARE_NOTES_MAX_CHARS, type FirmwareImage } from '@rackside/protocol';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '../../../shared/cloud/guarded-button';
import { firmwareErrorKey, formatSize } from '../firmware-format';
import { useFirmwareUpload } from './use-firmware-upload';

/**
 * Upload one image or a release zip (several images, all added or none) with optional release notes, with its
 * progress; after a zip the notice says how many images were added. A refused upload says why and keeps the chosen
 * file and the notes (nothing is lost; the cloud stored nothing); a good one clears the form.
 */
export function FirmwareUploadForm() {
  const { t, i18n } = useTranslation('firmware-library');
  const { state, upload } = useFirmwareUpload();
  const [file, setFile] = useState<File | null>(null);
  const [notes, setNotes] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const uploading = state.phase === 'uploading';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (file === null || uploading) return;
    if (await upload(file, notes)) {
      setFile(null);
      setNotes('');
      if (input.current) input.current.value = '';
    }
  };
  const doneText = (images: readonly FirmwareImage[], zip: boolean) => {
    const names = images.map((i) => `${i.family} ${i.version}`);
    const [first] = images;
    if (!zip && first) return t('upload.done', { family: first.family, version: first.version });
    return t('upload.doneZip', { count: images.length, list: new Intl.ListFormat(i18n.language).format(names) });
  };
  const percent = uploading && state.total > 0 ? Math.min(100, Math.round((state.loaded / state.total) * 100)) : 0;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack component="form" spacing={2} onSubmit={(e) => void handleSubmit(e)} noValidate>
        <Typography id={titleId} variant="h6" component="h2">
          {t('upload.title')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {/* issue 21: a role without firmware.manage sees why it cannot upload */}
          <GuardedButton
            permission="firmware.manage"
            variant="outlined"
            onClick={() => input.current?.click()}
            disabled={uploading}
          >
            {t('upload.choose')}
          </GuardedButton>
          <input
            ref={input}
            type="file"
            hidden
            aria-label={t('upload.fileInput')}
            // images are *.tar.xz.enc (file pickers filter on the last extension only); a release zip holds several
            accept=".enc,.zip"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Typography color={file ? 'textPrimary' : 'textSecondary'} sx={{ wordBreak: 'break-all' }}>
            {file
              ? t('upload.chosen', { name: file.name, size: formatSize(file.size, i18n.language) })
              : t('upload.noFile')}
          </Typography>
        </Stack>
        <TextField
          label={t('upload.notes')}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          multiline
          minRows={2}
          maxRows={10}
          disabled={uploading}
          helperText={t('upload.notesHelp', { max: FIRMWARE_NOTES_MAX_CHARS.toLocaleString(i18n.language) })}
          slotProps={{ htmlInput: { maxLength: FIRMWARE_NOTES_MAX_CHARS } }}
        />
        {uploading ? (
          <Box>
            <LinearProgress variant="determinate" value={percent} aria-label={t('upload.progress')} />
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
              {t('upload.uploading', { percent })}
            </Typography>
          </Box>
        ) : null}
        {state.phase === 'failed' ? (
          <Alert severity="error">
            {t(state.zip ? 'upload.failedZip' : 'upload.failed', {
              reason: t(`errors.${firmwareErrorKey(state.error)}`),
            })}
          </Alert>
        ) : null}
        {state.phase === 'done' ? <Alert severity="success">{doneText(state.images, state.zip)}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={file === null} loading={uploading}>
            {t('upload.submit')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
