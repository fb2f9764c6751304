import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { FirmwareImage, FirmwareLibrary } from '@rackside/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize, formatUploadedAt, modelsOfFamily } from '../firmware-format';
import { ReleaseNotes } from './release-notes';

type Family = FirmwareLibrary['families'][number];

/** One model family: its models, its latest version, and its images newest first with their actions. */
export function FirmwareFamilySection(props: {
  family: Family;
  busyId: string | null;
  onMakeLatest: (image: FirmwareImage) => void;
  onDelete: (image: FirmwareImage) => void;
}) {
  const { t } = useTranslation('firmware-library');
  const { family } = props;
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {family.family}
        </Typography>
        <Typography color="textSecondary">
          {family.latestVersion === null ? t('family.noLatest') : t('family.latest', { version: family.latestVersion })}
        </Typography>
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {t('family.models', { models: modelsOfFamily(family.family).join(', ') })}
      </Typography>
      <TableContainer sx={{ mt: 1 }}>
        <Table size="small" aria-label={t('family.table', { family: family.family })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('column.version')}</TableCell>
              <TableCell>{t('column.size')}</TableCell>
              <TableCell>{t('column.uploaded')}</TableCell>
              <TableCell align="right">{t('column.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {family.images.map((image) => (
              <ImageRow
                key={image.imageId}
                image={image}
                busy={props.busyId === image.imageId}
                onMakeLatest={() => props.onMakeLatest(image)}
                onDelete={() => props.onDelete(image)}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function ImageRow(props: { image: FirmwareImage; busy: boolean; onMakeLatest: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('firmware-library');
  const { image } = props;
  const names = { family: image.family, version: image.version };
  return (
    <TableRow>
      <TableCell sx={{ verticalAlign: 'top' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="span" sx={{ fontWeight: image.latest ? 600 : undefined }}>
            {image.version}
          </Typography>
          {image.latest ? <Chip label={t('image.latest')} color="primary" size="small" /> : null}
        </Stack>
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block', wordBreak: 'break-all' }}>
          {image.name}
        </Typography>
        {image.boards ? (
          <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
            {t('image.boards')}
          </Typography>
        ) : null}
        {image.notes ? (
          <Box component="details" sx={{ mt: 0.5 }}>
            <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
              {t('image.notes')}
            </Typography>
            <ReleaseNotes notes={image.notes} />
          </Box>
        ) : null}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>{formatSize(image.size, i18n.language)}</TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>{formatUploadedAt(image.uploadedAt, i18n.language)}</TableCell>
      <TableCell align="right" sx={{ verticalAlign: 'top' }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
          {image.latest ? null : (
            <Button
              size="small"
              onClick={props.onMakeLatest}
              loading={props.busy}
              aria-label={t('image.makeLatestLabel', names)}
            >
              {t('image.makeLatest')}
            </Button>
          )}
          <Button size="small" color="error" onClick={props.onDelete} aria-label={t('image.deleteLabel', names)}>
            {t('image.delete')}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
