/** spec 3 §2: the editor's routes: /cs-touch/{id}, /cs-touch/{id}/group/{i}, /cs-touch/{id}/group/{i}/{j}. */

/** The panel's editor (its id is its IP address, with a port when it has one). */
export const panelPath = (id: string): string => `/cs-touch/${encodeURIComponent(id)}`;

/** A top-level group by position, or one of its subgroups. */
export const groupPath = (id: string, group: number, subGroup?: number): string =>
  `${panelPath(id)}/group/${group}${subGroup === undefined ? '' : `/${subGroup}`}`;
