/** The contacts domain (spec 1 §3 Contact, §5 contact rules, §7 /contacts rows). */
import type { Domain } from '../../domain';
import { contactsRoutes } from './contacts.routes';

export const contactsDomain: Domain = { name: 'contacts', routes: contactsRoutes };
export { ContactsService } from './contacts.service';
