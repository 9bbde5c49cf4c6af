// Binds every channel of the IPC contract to Electron's ipcMain, through the sender check.
import { ipcMain, type WebContents } from 'electron';
import type { Logger } from 'pino';
import { IPC_CHANNELS, type IpcEvent, type IpcEvents, type IpcOutcome } from '../../shared/ipc/contract';
import { prefixed } from '../../shared/ipc/prefix';
import type { IpcRouter } from '../ipc/router';
import { isTrustedSender } from './trusted-sender';

const REFUSED: IpcOutcome<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'This frame may not call Petstore Desk.' },
};

/**
 * Every channel of the contract, answered only for the app's own top frame; any other caller is
 * refused and written to the log. A name the contract lacks has no handler, so Electron refuses it.
 */
export function bindIpc(router: IpcRouter, appUrls: readonly string[], log: Logger): void {
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(prefixed(channel), (event, argument: unknown) => {
      if (isTrustedSender(event.senderFrame, appUrls)) return router.dispatch(channel, argument);
      log.warn({ channel, frame: event.senderFrame?.url.slice(0, 200) ?? null }, 'IPC call refused: not the app frame');
      return REFUSED;
    });
  }
}

/** Sends an event to the window, if it is still there. */
export function sendEvent<E extends IpcEvent>(
  contents: WebContents | undefined,
  event: E,
  payload: IpcEvents[E],
): void {
  if (contents && !contents.isDestroyed()) contents.send(prefixed(event), payload);
}
