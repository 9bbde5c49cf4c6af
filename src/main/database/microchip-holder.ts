import { ApiError } from '../../shared/contract';

/** The animal a microchip number is already given to: its id, or null for an add not yet on its server. */
export interface MicrochipHolder {
  id: string | null;
  name: string;
}

/** An animal of `pets` holding @microchip, other than @petId (null: any): each store's first place to look. */
export const PETS_HOLDING_MICROCHIP = `SELECT CAST(id AS TEXT) AS id, name FROM pets WHERE microchip = @microchip AND id IS NOT @petId`;

/**
 * A microchip number belongs to one animal in an environment: an animal given a number it did not
 * have (`before`: undefined for an add) is refused when `holderOf` finds another animal with it,
 * naming that animal (409 microchip_taken).
 */
export function refuseTakenMicrochip(
  after: { microchip?: string | null },
  before: { microchip?: string | null } | undefined,
  holderOf: (microchip: string) => MicrochipHolder | undefined,
): void {
  const { microchip } = after;
  if (microchip === undefined || microchip === null || microchip === before?.microchip) return;
  const other = holderOf(microchip);
  if (other === undefined) return;
  const which = other.id === null ? 'waiting to be added' : `id ${other.id}`;
  const message = `is already ${other.name}'s (${which}): a microchip number belongs to one animal. Check the number, or correct ${other.name} first`;
  throw new ApiError('microchip_taken', `microchip ${message}`, [{ field: 'microchip', message }]);
}
