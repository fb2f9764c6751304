/** Database errors the services turn into answers, recognised the same on PostgreSQL and PGlite. */

/** The SQLSTATE of a database error (or of its cause), or undefined. */
function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** True when a database error is a unique-constraint violation (23505). */
export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

/** True when a database error is a foreign-key violation (23503): a row still referenced, or a missing parent. */
export const isForeignKeyViolation = (err: unknown): boolean => sqlState(err) === '23503';

/** The name of the constraint a database error names (e.g. which unique index a duplicate hit), if any. */
export function constraintOf(err: unknown): string | undefined {
  for (let e: unknown = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}
