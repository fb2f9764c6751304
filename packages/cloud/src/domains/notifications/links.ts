/**
 * The links a notification carries (issue 15): the amp in the console, the acknowledge link (7 days) and the
 * unsubscribe link (a year), both with a signed token naming the contact (TokenService.issueLink). The tokens ride
 * in the query as `token`, which the app's request log masks (app.ts redactQuery).
 */
import { INCIDENT_PATHS } from '@rackside/protocol';
import type { ResolvedConfig } from '../../config';
import type { TokenService } from '../../plugins/tokens';

/** An acknowledge link works this long. */
export const ACK_LINK_TTL_S = 7 * 24 * 3600;
/** An unsubscribe link works this long (an old e-mail must still be able to stop the next ones). */
export const UNSUBSCRIBE_LINK_TTL_S = 365 * 24 * 3600;

type LinkConfig = Pick<ResolvedConfig, 'PUBLIC_URL' | 'API_PREFIX'>;

/** The amp's page in the console. */
export const ampLink = (config: LinkConfig, venueId: string, deviceId: string): string =>
  `${config.PUBLIC_URL}/venues/${encodeURIComponent(venueId)}/amps/${encodeURIComponent(deviceId)}`;

/** The acknowledge link of one incident for one contact. */
export const ackLink = (config: LinkConfig, tokens: TokenService, incidentId: string, contactId: string): string =>
  `${config.PUBLIC_URL}${config.API_PREFIX}${INCIDENT_PATHS.acknowledgeLink}?token=${tokens.issueLink(
    'acknowledge',
    { incidentId, contactId },
    ACK_LINK_TTL_S,
  )}`;

/** The unsubscribe link of one contact's e-mail. */
export const unsubscribeLink = (config: LinkConfig, tokens: TokenService, contactId: string): string =>
  `${config.PUBLIC_URL}${config.API_PREFIX}${INCIDENT_PATHS.unsubscribeLink}?token=${tokens.issueLink(
    'unsubscribe',
    { contactId },
    UNSUBSCRIBE_LINK_TTL_S,
  )}`;

/**
 * The Message-ID of an e-mail (RFC 5322 `<left@right>`, no ':' in the left part): derived from the row's
 * idempotency key or the digest's id, so that handing the same message to SMTP twice gives the same Message-ID.
 */
export const messageIdOf = (config: LinkConfig, key: string): string =>
  `<${key.replace(/[^A-Za-z0-9.-]/g, '.')}@${new URL(config.PUBLIC_URL).hostname || 'rackside'}>`;
