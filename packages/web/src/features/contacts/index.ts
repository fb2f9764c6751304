/** The contacts screens (spec 1 §2), loaded lazily by routes.tsx. */
export { AddContactPage } from './components/add-contact-page';
export { ContactsPage } from './components/contacts-page';
export { EditContactPage } from './components/edit-contact-page';
