/** How an organisation is named on screen (issue 21): "Your organisation", else "{owner}'s organisation". */
import type { Organisation } from '@rackside/protocol';
import type { TFunction } from 'i18next';
import { isOwnOrganisation } from './use-organisation';

export function organisationLabel(t: TFunction<'members'>, organisation: Organisation): string {
  return isOwnOrganisation(organisation) ? t('org.personal') : t('org.named', { owner: organisation.name });
}
