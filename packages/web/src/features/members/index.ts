/** Organisations and members (issue 21): the Members page, the invitation page, the organisation switcher. */
export { MembersPage } from './components/members-page';
export { InvitationPage } from './components/invitation-page';
export { OrganisationSwitcher } from './components/organisation-switcher';
export { membersApi } from './api/members-api';
