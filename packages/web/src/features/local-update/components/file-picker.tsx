/**
 * spec 3 §2: the firmware file input (one .tar.xz.enc image or a release zip); what the file offers, which images of
 * a zip are not used; a refused file is named and the previous one kept.
 */
import { useId, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOCAL_UPDATE_NS } from '../local-update-i18n';
import type { FileRefusal, FirmwareSet } from '../selection';

export interface FilePickerProps {
  readonly set: FirmwareSet | undefined;
  /** The name of a file being read (a zip is unzipped first). */
  readonly reading: string | undefined;
  readonly refused: { readonly name: string; readonly refusal: FileRefusal } | undefined;
  readonly onChoose: (file: File) => void;
}

export function FilePicker({ set, reading, refused, onChoose }: FilePickerProps) {
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
          accept=".enc,.zip"
          aria-label={t('file.inputLabel')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same file can be chosen again
            if (file) onChoose(file);
          }}
        />
        <Stack sx={{ minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere', fontWeight: set ? 600 : undefined }}>
            {set ? set.fileName : t('file.none')}
          </Typography>
          {set ? <SetSummary set={set} /> : null}
        </Stack>
      </Stack>
      <div role="status" aria-live="polite">
        {reading ? <Typography variant="body2">{t('file.reading', { name: reading })}</Typography> : null}
      </div>
      {refused ? (
        <Alert severity="error" role="alert">
          {t(`file.refused.${refused.refusal}`, { name: refused.name })}
          {set ? ` ${t('file.kept')}` : ''}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** An image's family and version; a zip's images, and those it holds but does not use. */
function SetSummary({ set }: { set: FirmwareSet }) {
  const { t } = useTranslation(LOCAL_UPDATE_NS);
  const [single] = set.images;
  if (set.kind === 'image' && single)
    return (
      <Typography variant="body2" color="textSecondary">
        {t('file.chosen', { family: single.prefix, version: single.version })}
      </Typography>
    );
  return (
    <>
      <Typography variant="body2" color="textSecondary">
        {t('file.zipImages', { images: set.images.map((i) => `${i.prefix} ${i.version}`).join(', ') })}
      </Typography>
      {set.skipped.map((s) => (
        <Typography key={s.prefix} variant="body2">
          {t('file.newestUsed', { family: s.prefix, name: s.used, others: s.notUsed.join(', ') })}
        </Typography>
      ))}
      {set.ignored.length > 0 ? (
        <Typography variant="body2">{t('file.ignored', { names: set.ignored.join(', ') })}</Typography>
      ) : null}
    </>
  );
}
