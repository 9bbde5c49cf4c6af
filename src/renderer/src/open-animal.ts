import { create } from 'zustand';
import type { Pet } from '../../shared/contract';

/** An animal asked to be opened from outside its row (a scan, Find by number): the list's dialogs open it. */
type Opening = { pet: Pet; scanned: boolean };

export const useOpenAnimal = create<{ opening: Opening | null; open(opening: Opening): void; opened(): void }>()(
  (set) => ({
    opening: null,
    open: (opening) => set({ opening }),
    /** Taken up by the dialogs: a list shown again later does not open it again. */
    opened: () => set({ opening: null }),
  }),
);
