import type { FirmwareImage } from '@rackside/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { cloudApi } from '../../../shared/cloud/cloud-api';
import { selectChosenOrganisationId } from '../../../shared/cloud/org-slice';
import type { WithSession } from '../../../shared/cloud/session-slice';
import { useSessionSync } from '../../../shared/cloud/session-sync-context';
import type { WithHosting } from '../../../shared/hosting/hosting-mode';
import { uploadFirmware } from '../api/upload-firmware';

export type UploadState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'uploading'; readonly loaded: number; readonly total: number }
  | { readonly phase: 'failed'; readonly error: string; readonly zip: boolean }
  | { readonly phase: 'done'; readonly images: readonly FirmwareImage[]; readonly zip: boolean };

/** The cloud takes a file ending in .zip as a release zip (several images), anything else as one image. */
export const isZipFile = (file: File): boolean => file.name.toLowerCase().endsWith('.zip');

/**
 * One upload at a time with its progress; like every cloud call, a 401 refreshes the session once and sends again.
 * A good upload reloads the library (and the venues, whose latest versions come from it).
 */
export function useFirmwareUpload() {
  const sync = useSessionSync();
  const store = useStore<WithSession & WithHosting>();
  const dispatch = useDispatch();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const upload = useCallback(
    async (file: File, notes: string): Promise<boolean> => {
      const controller = new AbortController();
      abort.current = controller;
      const send = (idToken: string | null) => {
        setState({ phase: 'uploading', loaded: 0, total: file.size });
        return uploadFirmware({
          apiBase: store.getState().hosting.apiBase,
          idToken,
          organisationId: selectChosenOrganisationId(store.getState()),
          file,
          notes,
          signal: controller.signal,
          onProgress: (loaded, total) => setState({ phase: 'uploading', loaded, total }),
        });
      };
      let result = await send(store.getState().session.tokens?.idToken ?? null);
      if (result.error?.status === 401) {
        const next = await sync.refresh();
        if (next !== null) result = await send(next.idToken);
      }
      if (controller.signal.aborted) return false;
      if (result.error) {
        setState({ phase: 'failed', error: result.error.error, zip: isZipFile(file) });
        return false;
      }
      setState({ phase: 'done', images: result.images, zip: isZipFile(file) });
      dispatch(cloudApi.util.invalidateTags(['Firmware', 'Venues']));
      return true;
    },
    [dispatch, store, sync],
  );
  return { state, upload };
}
