/** GET /pets/{petId} (getPet) is deprecated by the interface and removed on this date. */
export const GET_PET_DEPRECATION = {
  operation: 'getPet',
  removalDate: '2030-12-05',
  /** RFC 8594 `Sunset` header value for the removal date. */
  sunsetHttpDate: 'Thu, 05 Dec 2030 00:00:00 GMT',
  replacement: 'listPets (GET /pets) with the status filter',
} as const;
