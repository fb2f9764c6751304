/** The cloud firmware library (issue 14; loaded lazily by app/cloud-routes.tsx at /firmware). */
export { FirmwareLibraryPage } from './components/firmware-library-page';
