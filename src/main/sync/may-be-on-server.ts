/**
 * Whether the server may have an add or a change (columns shared by `outbox` and `pet_changes`):
 * it is on its way at this moment, or a send of it went unanswered.
 */
export const MAY_BE_ON_SERVER = `(maybe_sent = 1 OR state IN ('sending', 'unknown'))`;
