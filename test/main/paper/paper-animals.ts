import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import type { NewPet, Pet } from '../../../src/shared/contract';

/** Names in every script a shop may type: accents, CJK, right-to-left, emoji, and markup that must stay text. */
export const NAMES_IN_EVERY_SCRIPT = [
  'Zoë Ångström',
  'ポチ 小太郎',
  '小白 蓬松',
  'كلب سعيد',
  'שלום רקס',
  'Rex 🐶🦜',
  '<b>Bold</b> & "quoted"',
];

export function addAnimal(core: PetstoreCore, pet: Partial<NewPet> & { name: string }): Pet {
  const added = core.addPet(
    'local',
    {
      categoryId: '1',
      status: 'available',
      species: 'Dog',
      breed: 'Border collie',
      sex: 'female',
      price: 45_000,
      bornOn: '2026-01-10',
      ...pet,
    },
    { anyway: true },
  );
  if (!('pet' in added)) throw new Error('the local store adds at once');
  return added.pet;
}
