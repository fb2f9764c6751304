/** spec 1 §2/§4 recipient editing: what Save has to send for a venue, given the saved and the chosen selection. */
export interface RecipientChange {
  readonly contactId: string;
  readonly selected: boolean;
}

/** The contacts to select and to deselect (in the order of `contactIds`); none when nothing changed. */
export function recipientChanges(
  contactIds: readonly string[],
  saved: ReadonlySet<string>,
  chosen: ReadonlySet<string>,
): RecipientChange[] {
  return contactIds
    .filter((id) => saved.has(id) !== chosen.has(id))
    .map((contactId) => ({ contactId, selected: chosen.has(contactId) }));
}
