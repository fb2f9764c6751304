/** The local firmware update page (spec 3 §2 /update in local mode). */
export { LocalUpdatePage } from './components/local-update-page';
