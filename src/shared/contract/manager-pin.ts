/** The manager's PIN: digits only (a counter PC's number pad), this many. Main checks it; the window says it. */
export const MANAGER_PIN_DIGITS = { min: 4, max: 12 } as const;

export const MANAGER_PIN_RULE = `${MANAGER_PIN_DIGITS.min} to ${MANAGER_PIN_DIGITS.max} digits`;

export const isManagerPin = (pin: string): boolean =>
  new RegExp(`^[0-9]{${MANAGER_PIN_DIGITS.min},${MANAGER_PIN_DIGITS.max}}$`).test(pin);
