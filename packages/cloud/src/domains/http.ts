/** Route-schema pieces every domain's routes share (the OpenAPI security requirement and the error replies). */
import { ErrorBodySchema } from '@rackside/protocol';

/** OpenAPI: the route wants the bearer id token (spec 1 §6). */
export const BEARER = [{ bearer: [] }];

/** Every route's 4xx and 5xx replies: the `{error, message}` body (docs/adr/0003). */
export const ERROR_REPLIES = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;
