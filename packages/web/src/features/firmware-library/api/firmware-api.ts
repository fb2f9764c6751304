/**
 * The firmware library calls (issue 14, docs/cloud-api.md "Firmware library", contracts in
 * protocol/src/cloud/firmware.ts). The library is one cache entry ('Firmware'); the upload is not an endpoint here
 * because it streams multipart with progress (upload-firmware.ts) and invalidates the same tag. Making an image the
 * latest or deleting one changes what venues report as the latest version, so 'Venues' is invalidated too.
 */
import {
  FIRMWARE_PATHS,
  FirmwareImageReplySchema,
  FirmwareLibrarySchema,
  OkSchema,
  fillPath,
  type FirmwareImage,
  type FirmwareLibrary,
} from '@rackside/protocol';
import { cloudApi } from '../../../shared/cloud/cloud-api';

export const firmwareApi = cloudApi.injectEndpoints({
  endpoints: (build) => ({
    getFirmwareLibrary: build.query<FirmwareLibrary, void>({
      query: () => ({ path: FIRMWARE_PATHS.images, schema: FirmwareLibrarySchema }),
      providesTags: ['Firmware'],
    }),
    makeFirmwareLatest: build.mutation<FirmwareImage, { imageId: string }>({
      query: ({ imageId }) => ({
        path: fillPath(FIRMWARE_PATHS.latest, { imageId }),
        method: 'PUT',
        schema: FirmwareImageReplySchema,
      }),
      transformResponse: (reply: { image: FirmwareImage }) => reply.image,
      invalidatesTags: ['Firmware', 'Venues'],
    }),
    deleteFirmware: build.mutation<true, { imageId: string }>({
      query: ({ imageId }) => ({
        path: fillPath(FIRMWARE_PATHS.image, { imageId }),
        method: 'DELETE',
        schema: OkSchema,
      }),
      transformResponse: () => true as const,
      invalidatesTags: ['Firmware', 'Venues'],
    }),
  }),
});

export const { useGetFirmwareLibraryQuery, useMakeFirmwareLatestMutation, useDeleteFirmwareMutation } = firmwareApi;
