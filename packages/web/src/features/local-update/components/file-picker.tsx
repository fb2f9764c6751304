/** spec 3 §2: the firmware file input (one .tar.xz.enc image); a refused file is named and the previous one kept. */
import { useId, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOCAL_UPDATE_NS } from '../local-update-i18n';
import type { ChosenImage, FileRefusal } from '../selection';

export interface FilePickerProps {
  readonly image: ChosenImage | undefined;
  readonly refused: { readonly name: string; readonly refusal: FileRefusal } | undefined;
  readonly onChoose: (file: File) => void;
}

export function FilePicker({ image, refused, onChoose }: FilePickerProps) {
  const { t } = useTranslation(LOCAL_UPDATE_NS);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('file.heading')}
      </Typography>
      <Typography id={hintId} variant="body2" color="textSecondary">
        {t('file.hint')}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => input.current?.click()} aria-describedby={hintId}>
          {t('file.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".enc"
          aria-label={t('file.inputLabel')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same file can be chosen again
            if (file) onChoose(file);
          }}
        />
        <Stack sx={{ minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere', fontWeight: image ? 600 : undefined }}>
            {image ? image.name : t('file.none')}
          </Typography>
          {image ? (
            <Typography variant="body2" color="textSecondary">
              {t('file.chosen', { family: image.prefix, version: image.version })}
            </Typography>
          ) : null}
        </Stack>
      </Stack>
      {refused ? (
        <Alert severity="error" role="alert">
          {t(`file.refused.${refused.refusal}`, { name: refused.name })}
          {image ? ` ${t('file.kept')}` : ''}
        </Alert>
      ) : null}
    </Stack>
  );
}
