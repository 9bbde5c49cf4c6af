/**
 * A bearer credential as RFC 6750 allows it in `Authorization: Bearer <token>` (token68):
 * letters, digits and - . _ ~ + /, optionally ending in =. Keys are checked against it before
 * they are stored or sent, so a key that could never be sent is refused where it is entered.
 */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export const BEARER_TOKEN_RULE = 'letters, digits and - . _ ~ + / (optionally ending in =), with no spaces';
