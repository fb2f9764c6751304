/** SQL of the firmware library: every query is scoped to its user. */
import { and, eq, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { firmwareImages } from '../../db/schema/index';

export type FirmwareImageRow = typeof firmwareImages.$inferSelect;
export type NewFirmwareImage = typeof firmwareImages.$inferInsert;

/** The user's images (any order: the service sorts). */
export const listImages = (db: Db, userId: string): Promise<FirmwareImageRow[]> =>
  db.select().from(firmwareImages).where(eq(firmwareImages.userId, userId));

/** One image of the user, or undefined (another user's is undefined too). */
export async function findImage(db: Executor, userId: string, imageId: string) {
  const [row] = await db
    .select()
    .from(firmwareImages)
    .where(and(eq(firmwareImages.userId, userId), eq(firmwareImages.id, imageId)));
  return row;
}

/** The user's image of a family: that version, or the latest when no version is asked for. */
export async function findFamilyImage(db: Executor, userId: string, family: string, version?: string) {
  const which = version === undefined ? eq(firmwareImages.latest, true) : eq(firmwareImages.version, version);
  const [row] = await db
    .select()
    .from(firmwareImages)
    .where(and(eq(firmwareImages.userId, userId), eq(firmwareImages.family, family), which));
  return row;
}

export async function insertImage(db: Executor, image: NewFirmwareImage): Promise<void> {
  await db.insert(firmwareImages).values(image);
}

/** Makes the image the only latest of its family (others first: the partial unique index allows one). */
export async function setLatest(db: Executor, image: Pick<FirmwareImageRow, 'id' | 'userId' | 'family'>) {
  await db
    .update(firmwareImages)
    .set({ latest: false })
    .where(
      and(
        eq(firmwareImages.userId, image.userId),
        eq(firmwareImages.family, image.family),
        eq(firmwareImages.latest, true),
        ne(firmwareImages.id, image.id),
      ),
    );
  await db.update(firmwareImages).set({ latest: true }).where(eq(firmwareImages.id, image.id));
}

/** Deletes the image; returns the deleted row, or undefined when it was not the user's. */
export async function deleteImage(db: Executor, userId: string, imageId: string) {
  const [row] = await db
    .delete(firmwareImages)
    .where(and(eq(firmwareImages.userId, userId), eq(firmwareImages.id, imageId)))
    .returning();
  return row;
}

/** The user's images of a family. */
export const familyImages = (db: Executor, userId: string, family: string): Promise<FirmwareImageRow[]> =>
  db
    .select()
    .from(firmwareImages)
    .where(and(eq(firmwareImages.userId, userId), eq(firmwareImages.family, family)));
