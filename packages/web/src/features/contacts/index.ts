/** The contacts screens (spec 1 §2, loaded lazily by app/cloud-routes.tsx) and a venue's recipients section. */
export { AddContactPage } from './components/add-contact-page';
export { ContactsPage } from './components/contacts-page';
export { EditContactPage } from './components/edit-contact-page';
export { VenueRecipients } from './venue-recipients';
