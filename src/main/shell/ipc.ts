// Binds every channel of the IPC contract to Electron's ipcMain, through the sender check.
import { ipcMain, type WebContents } from 'electron';
import type { Logger } from 'pino';
import { IPC_CHANNELS, IPC_PREFIX } from '../../shared/ipc/channels';
import type { IpcEvents, IpcOutcome } from '../../shared/ipc/contract';
import type { IpcRouter } from '../ipc/router';
import { isTrustedSender } from './trusted-sender';

const REFUSED: IpcOutcome<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'This frame may not call Petstore Desk.' },
};

/** Every channel, answered only for the app's own top frame; any other caller is refused and written to the log. */
export function bindIpc(router: IpcRouter, appUrls: readonly string[], log: Logger): void {
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(`${IPC_PREFIX}${channel}`, (event, argument: unknown) => {
      if (isTrustedSender(event.senderFrame, appUrls)) return router.dispatch(channel, argument);
      log.warn({ channel, frame: event.senderFrame?.url.slice(0, 200) ?? null }, 'IPC call refused: not the app frame');
      return REFUSED;
    });
  }
}

/** Sends an event to the window, if it is still there. */
export function sendEvent<E extends keyof IpcEvents>(
  contents: WebContents | undefined,
  event: E,
  payload: IpcEvents[E],
): void {
  if (contents && !contents.isDestroyed()) contents.send(`${IPC_PREFIX}${event}`, payload);
}
