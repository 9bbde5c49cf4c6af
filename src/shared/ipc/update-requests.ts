import { z } from 'zod';
import { UPDATE_FEED_MAX_LENGTH, type UpdateView } from '../contract/updates';
import { event, request } from './entries';

/** Settings > Updates: how this counter stands, the manager's settings, and the window's open dialogs. */
export const UPDATE_REQUESTS = {
  /** This version, held or not, the feed, and a download with when it installs (or why it waits). */
  updateStatus: request(z.undefined()).returns<UpdateView>(),
  /** A manager holds this counter on its version, or lets it update. */
  holdUpdates: request(z.strictObject({ hold: z.boolean() })).returns<UpdateView>(),
  /** A manager sets the feed's address (https), or none (null). */
  setUpdateFeed: request(
    z.strictObject({
      feed: z
        .string()
        .max(UPDATE_FEED_MAX_LENGTH + 100)
        .nullable(),
    }),
  ).returns<UpdateView>(),
  /** The window says whether a dialog is open in it: no update installs at a quit while one is. */
  windowDialogs: request(z.strictObject({ open: z.boolean() })).returns<void>(),
} as const;

export const UPDATE_EVENTS = {
  /** How this counter stands with updates changed (a check, a download, a setting, the work waiting). */
  updateStatus: event<UpdateView>(),
} as const;
