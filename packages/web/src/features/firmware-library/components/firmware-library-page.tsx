import { Alert, Box, Stack, Typography } from '@mui/material';
import type { FirmwareImage } from '@rackside/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNameOf } from '../../../shared/cloud/cloud-error';
import { LoadFailedMessage } from '../../../shared/ui/load-failed-message';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import {
  useDeleteFirmwareMutation,
  useGetFirmwareLibraryQuery,
  useMakeFirmwareLatestMutation,
} from '../api/firmware-api';
import { firmwareErrorKey } from '../firmware-format';
import { DeleteFirmwareDialog } from './delete-firmware-dialog';
import { FirmwareFamilySection } from './firmware-family-section';
import { FirmwareUploadForm } from './firmware-upload-form';

type Outcome = { severity: 'success' | 'error'; text: string } | null;

/** Issue 14 /firmware: the user's firmware library by model family; upload, make latest, delete (after asking). */
export function FirmwareLibraryPage() {
  const { t } = useTranslation('firmware-library');
  const { data, isLoading, refetch } = useGetFirmwareLibraryQuery();
  const [makeLatest, latestState] = useMakeFirmwareLatestMutation();
  const [deleteImage, deleteState] = useDeleteFirmwareMutation();
  const [toDelete, setToDelete] = useState<FirmwareImage | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const failed = (error: unknown) =>
    setOutcome({
      severity: 'error',
      text: t('image.actionFailed', { reason: t(`errors.${firmwareErrorKey(errorNameOf(error))}`) }),
    });
  const handleMakeLatest = async (image: FirmwareImage) => {
    setOutcome(null);
    try {
      await makeLatest({ imageId: image.imageId }).unwrap();
      setOutcome({
        severity: 'success',
        text: t('image.madeLatest', { family: image.family, version: image.version }),
      });
    } catch (error) {
      failed(error);
    }
  };
  const handleDelete = async () => {
    if (toDelete === null) return;
    setOutcome(null);
    try {
      await deleteImage({ imageId: toDelete.imageId }).unwrap();
      setOutcome({
        severity: 'success',
        text: t('image.deleted', { family: toDelete.family, version: toDelete.version }),
      });
    } catch (error) {
      failed(error);
    }
    setToDelete(null);
  };

  if (isLoading) return <LoadingScreen />;
  if (!data)
    return (
      <LoadFailedMessage
        title={t('title')}
        message={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void refetch()}
      />
    );
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 960 }}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Typography color="textSecondary">{t('intro')}</Typography>
        <FirmwareUploadForm />
        {outcome ? (
          <Alert severity={outcome.severity} onClose={() => setOutcome(null)}>
            {outcome.text}
          </Alert>
        ) : null}
        {data.families.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 4 }}>
            <Typography variant="h6" component="p">
              {t('empty')}
            </Typography>
            <Typography color="textSecondary">{t('emptyHint')}</Typography>
          </Box>
        ) : (
          data.families.map((family) => (
            <FirmwareFamilySection
              key={family.family}
              family={family}
              busyId={latestState.isLoading ? (latestState.originalArgs?.imageId ?? null) : null}
              onMakeLatest={(image) => void handleMakeLatest(image)}
              onDelete={setToDelete}
            />
          ))
        )}
      </Stack>
      <DeleteFirmwareDialog
        image={toDelete}
        busy={deleteState.isLoading}
        onConfirm={() => void handleDelete()}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
