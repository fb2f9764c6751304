/**
 * HTTP of the firmware library (issue 14; contracts in @rackside/protocol cloud/firmware.ts). Upload, list, latest
 * and delete want a signed-in user with a verified email; the download is the amp's, with the token of its job's
 * URL as the credential (never logged: app.ts redactQuery), streamed from the store (disk, or an S3 bucket read by
 * byte range when FIRMWARE_S3_URL is set) with single byte ranges.
 */
import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  FIRMWARE_FILE_FIELD,
  FIRMWARE_NOTES_FIELD,
  FIRMWARE_NOTES_MAX_CHARS,
  FIRMWARE_PATHS as P,
  FirmwareDownloadQuerySchema,
  FirmwareImageParamsSchema,
  FirmwareImageReplySchema,
  FirmwareLibrarySchema,
  FirmwareUploadReplySchema,
  OkSchema,
} from '@rackside/protocol';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { AppError, textProblem } from '../../plugins/errors';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { FirmwareService, type ReceivedImage } from './firmware.service';
import { isReleaseZipName } from './release-upload';
import { S3FirmwareStore } from './s3-store';
import { DiskFirmwareStore, type FirmwareStore } from './store';

/** The byte range a `Range` header asks for: one range, 'unsatisfiable', or undefined (send it all). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined; // several ranges or another unit: the whole file (RFC 9110)
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}

/** The firmware routes, under the API prefix. */
export async function firmwareRoutes(app: DomainApp, ctx: DomainContext): Promise<void> {
  const { FIRMWARE_S3_URL } = ctx.config;
  const store: FirmwareStore =
    FIRMWARE_S3_URL === undefined
      ? await DiskFirmwareStore.open(ctx.config)
      : await S3FirmwareStore.open({ ...ctx.config, FIRMWARE_S3_URL });
  app.addHook('onClose', () => store.close());
  const firmware = new FirmwareService(ctx, store);
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: ctx.config.FIRMWARE_MAX_BYTES,
      files: 1,
      fields: 2,
      parts: 3,
      fieldSize: FIRMWARE_NOTES_MAX_CHARS * 4, // UTF-8 bytes of the longest notes
    },
  });

  app.get(
    P.download,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Download an image (called by the amp, with the token of its firmware job URL)',
        params: FirmwareImageParamsSchema,
        querystring: FirmwareDownloadQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { image, file } = await firmware.openDownload(request.params.imageId, request.query.token, request.log);
      const size = image.size;
      void reply.header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        await file.close();
        return reply
          .code(416)
          .header('content-range', `bytes */${size}`)
          .send({
            error: 'ValidationError',
            message: `The range is outside the image (${size} bytes)`,
          });
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      if (range !== undefined) void reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
      void reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(size === 0 ? 0 : end - start + 1))
        .header('content-disposition', `attachment; filename="${image.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        .header('etag', `"${image.sha256}"`)
        .header('cache-control', 'private, no-store');
      const stream = await file.read(start, end);
      if (request.method === 'HEAD') {
        // the headers only: Fastify would read the whole image (or fetch it from the bucket) to throw it away
        stream.destroy();
        return reply.send(Readable.from([]) as never);
      }
      // a stream is sent as it is (Fastify serializes no stream); the route's declared replies are its errors
      return reply.send(stream as never);
    },
  );

  await app.register((scope: DomainApp) => {
    scope.addHook('onRequest', scope.authenticateVerified);

    scope.get(
      P.images,
      {
        config: { permission: 'firmware.read' },
        schema: {
          summary: "The caller's firmware library by model family",
          security,
          response: { 200: FirmwareLibrarySchema, ...errors },
        },
      },
      (request) => firmware.list(currentUser(request)),
    );
    scope.post(
      P.images,
      {
        config: { permission: 'firmware.manage' },
        schema: {
          summary:
            'Upload a firmware image or a release zip (multipart: file, optional notes); checked before anything is stored',
          security,
          consumes: ['multipart/form-data'],
          response: { 201: FirmwareUploadReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError('UnsupportedMediaType', 'Send the image as multipart/form-data (field "file")');
        let received: ReceivedImage[] | undefined;
        let zipNotes: string | undefined;
        let notes: string | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== FIRMWARE_FILE_FIELD || received !== undefined) {
                part.file.resume();
                throw new AppError('ValidationError', `Send one image, in the field "${FIRMWARE_FILE_FIELD}"`);
              }
              if (isReleaseZipName(part.filename)) {
                const release = await firmware.receiveRelease(part.file);
                received = release.images;
                zipNotes = release.notes;
              } else received = [await firmware.receive(part.filename, part.file)];
            } else if (part.fieldname === FIRMWARE_NOTES_FIELD) {
              const value = typeof part.value === 'string' ? part.value : '';
              if (part.valueTruncated || value.length > FIRMWARE_NOTES_MAX_CHARS)
                throw new AppError('ValidationError', `notes: at most ${FIRMWARE_NOTES_MAX_CHARS} characters`);
              // a multipart field passes by the JSON input guard (plugins/errors.ts): the same check here
              const problem = textProblem(value);
              if (problem !== undefined) throw new AppError('ValidationError', `notes: ${problem}`);
              notes = value;
            }
          }
        } catch (error) {
          await Promise.all((received ?? []).map((r) => firmware.abandon(r)));
          throw error;
        }
        if (received === undefined)
          throw new AppError(
            'FIRMWARE_FILE_MISSING',
            `No image: send it in the multipart field "${FIRMWARE_FILE_FIELD}"`,
          );
        // a release zip's notes file is its images' notes unless the form sends notes of its own
        const images = await firmware.addAll(
          currentUser(request),
          received,
          notes !== undefined && notes.trim() !== '' ? notes : zipNotes,
        );
        const [image] = images;
        if (image === undefined) throw new AppError('FIRMWARE_ZIP_NO_IMAGE', 'Nothing was stored');
        return reply.code(201).send({ image, images });
      },
    );
    scope.put(
      P.latest,
      {
        config: { permission: 'firmware.manage' },
        schema: {
          summary: 'Make the image the latest of its family',
          security,
          params: FirmwareImageParamsSchema,
          response: { 200: FirmwareImageReplySchema, ...errors },
        },
      },
      async (request) => ({ image: await firmware.markLatest(currentUser(request), request.params.imageId) }),
    );
    scope.delete(
      P.image,
      {
        config: { permission: 'firmware.manage' },
        schema: {
          summary: 'Delete the image and its file',
          security,
          params: FirmwareImageParamsSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      (request) => firmware.remove(currentUser(request), request.params.imageId, request.log),
    );
  });
}
