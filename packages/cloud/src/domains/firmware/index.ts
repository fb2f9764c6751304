/** The firmware library domain (issue 14): images by model family, the latest of each, downloads for amps. */
import type { Domain } from '../../domain';
import { firmwareRoutes } from './firmware.routes';

export const firmwareDomain: Domain = { name: 'firmware', routes: firmwareRoutes };
export { downloadFor, latestLibraryVersions, libraryImageFor } from './firmware.service';
