import { escapeCharacter } from './printable-name.js';

/**
 * A chunk's text as the CLI prints it: its lines and tabs kept, inert in a terminal. Any other control character
 * (ESC, BEL, a C1 control such as CSI, DEL) is written as `printableName` writes it (`\x1b`, `\x07`), so a file
 * can neither recolour the terminal nor set its title through `opwire ask`.
 */
export function printableText(text: string): string {
  return text.replace(/(?![\n\t])\p{Cc}/gu, escapeCharacter);
}
