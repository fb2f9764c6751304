/** A failed cloud call as the console sees it: the spec 1 §8 name the cloud answered, or a transport failure. */
import { ErrorBodySchema } from '@rackside/protocol';

export interface CloudError {
  /** HTTP status, or 0 when the cloud could not be reached or answered something unreadable. */
  readonly status: number;
  /**
   * The error name clients switch on (docs/adr/0003): a spec 1 §8 name (InvalidPassword, VENUE_NAME_EXISTS…), an
   * HTTP-level one (Unauthorized, NotFound…), 'Network' when the cloud could not be reached, 'Unknown' otherwise.
   */
  readonly error: string;
  /** The first broken password rule of spec 1 §5, when the cloud names one. */
  readonly rule?: string;
}

/** The cloud error of a reply body that failed (anything unreadable counts as Unknown). */
export function cloudErrorOf(status: number, body: unknown): CloudError {
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return { status, error: 'Unknown' };
  return { status, error: parsed.data.error, ...(parsed.data.rule ? { rule: parsed.data.rule } : {}) };
}

/** The error name of whatever an RTK Query hook or unwrap() gave back (Unknown when it is not a cloud error). */
export function errorNameOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string')
    return error.error;
  return 'Unknown';
}
