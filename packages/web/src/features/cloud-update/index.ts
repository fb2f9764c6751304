/** The cloud firmware update screen (spec 1 §2 /update, issue 14; loaded lazily by app/cloud-routes.tsx). */
export { CloudUpdatePage } from './components/cloud-update-page';
