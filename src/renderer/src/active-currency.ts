// The currency the active environment's prices are in, as main said with its decision (window-state
// sets it). A store of its own with no DOM in it, so that the form rules read it too.
import { create } from 'zustand';

export const useActiveCurrency = create<{ currency: string }>(() => ({ currency: 'EUR' }));

/** The ISO 4217 code the active environment's prices are in. */
export const activeCurrency = (): string => useActiveCurrency.getState().currency;
