// The bridge between the sandboxed page and the main process: window.petstore, one named
// function per channel of the contract and one subscription per event. Raw ipcRenderer never
// crosses; arguments are validated in main, which is the side that can be trusted.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CHANNELS, IPC_EVENT_NAMES, IPC_PREFIX } from '../shared/ipc/channels';
import type { PetstoreApi } from '../shared/ipc/contract';

const api = Object.fromEntries(
  IPC_CHANNELS.map((channel) => [
    channel,
    (argument: unknown) => ipcRenderer.invoke(`${IPC_PREFIX}${channel}`, argument),
  ]),
) as Omit<PetstoreApi, 'on'>;

const on: PetstoreApi['on'] = (event, listener) => {
  if (!(IPC_EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`There is no event ${String(event)}.`);
  const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never);
  ipcRenderer.on(`${IPC_PREFIX}${event}`, wrapped);
  return () => void ipcRenderer.off(`${IPC_PREFIX}${event}`, wrapped);
};

contextBridge.exposeInMainWorld('petstore', { ...api, on } satisfies PetstoreApi);
