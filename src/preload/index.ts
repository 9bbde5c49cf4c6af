// The bridge between the sandboxed page and the main process. Exposes named functions only.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('petstore', {});
