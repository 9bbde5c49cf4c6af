// The bridge between the sandboxed page and the main process: window.petstore, a call on a channel
// and a subscription to an event, both under the app's prefix. It holds no list of channels: main
// binds the contract's (any other name has no handler), answers only the app's own frame and
// validates every argument; src/renderer/src/api.ts types the calls. Raw ipcRenderer never crosses,
// and nothing but Electron is loaded (the preload runs sandboxed).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { PetstoreApi } from '../shared/ipc/contract';
import { prefixed } from '../shared/ipc/prefix';

contextBridge.exposeInMainWorld('petstore', {
  invoke: async (channel: string, argument: unknown) => ipcRenderer.invoke(prefixed(channel), argument),
  on: (event: string, listener: (payload: never) => void) => {
    const name = prefixed(event);
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(name, wrapped);
    return () => void ipcRenderer.off(name, wrapped);
  },
} satisfies PetstoreApi);
