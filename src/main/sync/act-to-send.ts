import type { ClientAct } from '../../shared/contract';

/**
 * What a server is told of who made a queued write and when (the act kept with it, JSON): only a
 * server with our history extension, and only a name and a moment it can keep. A server without
 * the extension is sent what it always was.
 */
export function actToSend(kept: string | null, takesHistory: boolean): ClientAct | undefined {
  if (!takesHistory || kept === null) return undefined;
  const { by, at } = JSON.parse(kept) as { by?: string | null; at?: number | null };
  return { ...(typeof by === 'string' ? { by } : {}), ...(typeof at === 'number' ? { at } : {}) };
}
