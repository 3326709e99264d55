import type { CSSProperties } from 'react';
import type { AuditAction, TurnOutcome } from './console-text.js';

/** A badge's colours: dark text on a light tint, at least 4.5:1 apart (WCAG AA for small text). */
export interface Tone {
  readonly text: string;
  readonly background: string;
}

// Mantine's shade 0 as the tint; its shade 9 as the text where that reaches 4.5:1, a darker one where it does not
// (orange 9 is 3.96:1 on orange 0, green 9 4.07:1, yellow 9 2.83:1).
const blue: Tone = { text: '#1864ab', background: '#e7f5ff' }; // 5.48:1
const indigo: Tone = { text: '#364fc7', background: '#edf2ff' }; // 6.05:1
const teal: Tone = { text: '#087f5b', background: '#e6fcf5' }; // 4.67:1
const grape: Tone = { text: '#862e9c', background: '#f8f0fc' }; // 6.54:1
const orange: Tone = { text: '#9c3606', background: '#fff4e6' }; // 6.57:1
const green: Tone = { text: '#1f6b30', background: '#ebfbee' }; // 6.11:1
const red: Tone = { text: '#c92a2a', background: '#fff5f5' }; // 5.10:1
const yellow: Tone = { text: '#8a4b00', background: '#fff9db' }; // 6.42:1

/** The tone of an audit action: failures red, approvals orange and green, the rest calm. */
export const actionTones: Readonly<Record<AuditAction, Tone>> = {
  request: blue,
  tool_call: indigo,
  tool_result: teal,
  guardrail: grape,
  approval_requested: orange,
  approval_approved: green,
  approval_declined: red,
  stop: yellow,
  error: red,
};

/** The tone of a turn's outcome. */
export const outcomeTones: Readonly<Record<TurnOutcome, Tone>> = {
  completed: teal,
  failed: red,
  stopped: orange,
};

/** The tone of a tool call's outcome code: `ok` teal, waiting for or declined at approval orange, an error red. */
export const toolOutcomeTone = (code: string): Tone =>
  code === 'ok' ? teal : code === 'approval_pending' || code === 'approval_declined' ? orange : red;

/** A Mantine badge's style in a tone (its colour variables), never narrower than its label. */
export function badgeStyle(tone: Tone): CSSProperties {
  // A badge clips its label: in a squeezed table column it used to shrink to an empty pill.
  return {
    '--badge-color': tone.text,
    '--badge-bg': tone.background,
    minWidth: 'max-content',
  } as CSSProperties;
}
