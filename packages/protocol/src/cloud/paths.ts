/**
 * REST paths of spec 1 §7 are written once, in the route syntax the cloud mounts them with (`/venues/:venueId`);
 * `fillPath` turns one into the URL a client calls. OpenAPI shows the same paths as `/venues/{venueId}`.
 */

/** A path template with its `:name` parameters filled in (each value URL-encoded); throws when one is missing. */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`fillPath: no value for :${name} in ${template}`);
    return encodeURIComponent(value);
  });
}
