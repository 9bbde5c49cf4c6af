import { GET_PET_DEPRECATION } from '../../shared/contract';

/**
 * The headers of getPet's answers (RFC 9745 Deprecation, RFC 8594 Sunset, its successor's Link), by
 * method and route: its GET alone, not a change of the same path. It is deprecated as of interface
 * 1.0.0, which this service implements from its first release (2026-11-22).
 */
export function getPetDeprecation(apiPrefix: string) {
  const route = `${apiPrefix}/pets/:petId`;
  const headers = {
    deprecation: `@${Date.UTC(2026, 10, 22) / 1000}`,
    sunset: GET_PET_DEPRECATION.sunsetHttpDate,
    link: `<${apiPrefix}/pets>; rel="successor-version"`,
  };
  return (method: string, matched: string | undefined) => (method === 'GET' && matched === route ? headers : undefined);
}
