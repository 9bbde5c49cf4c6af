import { create } from 'zustand';
import type { Pet } from '../../shared/contract';

/** An animal asked to be opened from outside its row (a scan, Find by number): the list's dialogs open it. */
export const useOpenAnimal = create<{ opening: Pet | null; open(pet: Pet): void; opened(): void }>()((set) => ({
  opening: null,
  open: (pet) => set({ opening: pet }),
  /** Taken up by the dialogs: a list shown again later does not open it again. */
  opened: () => set({ opening: null }),
}));
