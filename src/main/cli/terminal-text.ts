/**
 * Text on its way to a terminal (or a log read in one). Servers send names and messages, and a
 * name can carry escape sequences that set the terminal's title or write its clipboard, or
 * direction controls that reverse the text around it. Such characters are shown as `\uXXXX`
 * instead: visible, harmless, and inside JSON the very same string.
 */
// Control characters (C0, DEL, C1: \p{Cc}) and the direction and format controls.
const UNSAFE_IN_CELL = /[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;
// In a whole output, our own line breaks and tabs stay.
const UNSAFE = /(?![\n\t])[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A whole output, as printed: our own line breaks kept. */
export const terminalSafe = (text: string): string => text.replace(UNSAFE, escaped);

/** One value in a line or a table cell: nothing in it can break the line. */
export const cellSafe = (text: string): string => text.replace(UNSAFE_IN_CELL, escaped);
