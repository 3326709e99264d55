import { Badge } from '@mantine/core';
import type { ConsoleText, TurnOutcome } from './console-text.js';
import { badgeStyle, outcomeTones } from './tones.js';

/** A turn's outcome as a coloured badge. */
export function OutcomeBadge({
  outcome,
  text,
}: {
  readonly outcome: TurnOutcome;
  readonly text: ConsoleText;
}) {
  return (
    <Badge style={badgeStyle(outcomeTones[outcome])} data-outcome={outcome}>
      {text.outcomes[outcome]}
    </Badge>
  );
}
