// Messages shared by the record routes and the calls on a record (sharing, classification, ...).
export const NOT_FOUND_MESSAGE = 'Sorry! the data you are looking for could not be found';
export const READ_ONLY_MESSAGE = 'You can read this record but not change it.';
/** To readers of searchable content, on everything but reading the item (and its files). */
export const READERS_FORBIDDEN_MESSAGE =
  'Only the owner, the people it is shared with and helpdesk agents can do this.';
