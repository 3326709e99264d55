import { TextInput } from '@mantine/core';
import type { ConsoleText } from './console-text.js';
import { hasControl } from './filter-address.js';

/**
 * A text filter kept to what the server takes: it stops at `max` characters (the operation's `maxLength`,
 * which it says once reached), and says beside itself why a control character it holds is not asked about.
 */
export function FilterInput({
  label,
  value,
  max,
  onChange,
  text,
}: {
  readonly label: string;
  readonly value: string;
  readonly max: number;
  readonly onChange: (value: string) => void;
  readonly text: ConsoleText;
}) {
  return (
    <TextInput
      size="xs"
      label={label}
      value={value}
      maxLength={max}
      description={value.length >= max ? text.filters.atMost(max) : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={hasControl(value) ? text.filters.control : undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
