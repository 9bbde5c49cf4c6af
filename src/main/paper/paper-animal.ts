import { ageInWords, formatMoney, labelCode, type CardField, type Pet } from '../../shared/contract';
import { animalCodes, type AnimalCodes } from './paper-codes';

/** An animal as paper shows it: every value already in words, a person's text as it is (the markup escapes it). */
export interface AnimalOnPaper {
  id: string;
  code: string;
  name: string;
  species?: string;
  breed?: string;
  sex?: string;
  age?: string;
  price?: string;
  status?: string;
  /** The photo as a data: URL (the page loads nothing else). */
  photo?: string;
  /** Its label code drawn as a QR code and a barcode, where the paper shows them. */
  codes?: AnimalCodes;
}

const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);

const SEX_WORDS: Record<NonNullable<Pet['sex']>, string> = { female: 'Female', male: 'Male', unknown: 'Sex unknown' };

function age(bornOn: string | undefined, today: string): string | undefined {
  if (bornOn === undefined || bornOn > today) return undefined;
  try {
    return ageInWords(bornOn, today);
  } catch {
    return undefined; // a date a server sent that is no date: no age rather than a wrong one
  }
}

/**
 * The animal in words, for a shop in `currency` on `today` (YYYY-MM-DD); with its photo (JPEG
 * bytes, sized for paper: paper-photo.ts) if given, and its codes drawn if asked for.
 */
export function animalOnPaper(
  pet: Pet,
  currency: string,
  today: string,
  { photo, codes }: { photo?: Uint8Array; codes: boolean },
): AnimalOnPaper {
  return {
    id: pet.id,
    code: labelCode(pet.id),
    name: pet.name,
    species: pet.species,
    breed: pet.breed,
    sex: pet.sex === undefined ? undefined : SEX_WORDS[pet.sex],
    age: age(pet.bornOn, today),
    price: pet.price === undefined ? undefined : formatMoney(pet.price, currency),
    status: pet.status === undefined ? undefined : capitalised(pet.status),
    photo: photo === undefined ? undefined : `data:image/jpeg;base64,${Buffer.from(photo).toString('base64')}`,
    codes: codes ? animalCodes(labelCode(pet.id)) : undefined,
  };
}

/** Whether a card shows this field (the shop's choice): the name always shows. */
export type CardFieldShown = (field: CardField) => boolean;
