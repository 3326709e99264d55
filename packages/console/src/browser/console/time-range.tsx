import { Group, ScrollArea, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { ConsoleText } from './console-text.js';

/** A preset range, or dates the user picked. */
export type RangeChoice =
  | { readonly preset: 'day' | 'week' | 'month' | 'quarter' }
  | { readonly preset: 'custom'; readonly from: string; readonly to: string };

/** The range a page opens with, and the one "Clear filters" goes back to. */
export const defaultRange: RangeChoice = { preset: 'month' };

const days = { day: 1, week: 7, month: 30, quarter: 90 } as const;
const presets = Object.keys(days) as Array<keyof typeof days>;

/**
 * Whether a query value is a calendar day as a date input writes it (`2030-01-31`, not `2030-02-30`). A pure
 * calendar check: UTC is only the arithmetic here; the range itself covers the browser's local days.
 */
function isDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value)
  );
}

/**
 * The first and last days a custom range may name. The server takes times from 0001-01-01T00:00:00Z to
 * 9999-12-31T23:59:59.999Z (four-digit years, as its date-time format asks); a day more at each end keeps local
 * midnight inside them in every time zone. `9999-12-31` ended at `+010000-01-01T00:00:00.000Z`, which it refused.
 */
export const firstDay = '0001-01-02';
export const lastDay = '9999-12-30';

/** Whether a date input's value is a calendar day the server can be asked about. */
function isAskable(day: string): boolean {
  return isDay(day) && day >= firstDay && day <= lastDay;
}

/** The range an address names (`range=week`, `range=custom&from=…&to=…`); one it cannot read is the default. */
export function rangeFromQuery(query: URLSearchParams): RangeChoice {
  const preset = query.get('range');
  if (preset === 'custom') {
    const from = query.get('from') ?? '';
    const to = query.get('to') ?? '';
    const readable = (day: string) => day === '' || isAskable(day);
    return readable(from) && readable(to) ? { preset: 'custom', from, to } : defaultRange;
  }
  return presets.find((each) => each === preset) ? { preset: preset as keyof typeof days } : defaultRange;
}

/** A range as query values for the address; none for the default range. */
export function rangeQuery(choice: RangeChoice): Record<string, string> {
  if (choice.preset === 'custom') return { range: 'custom', from: choice.from, to: choice.to };
  return choice.preset === defaultRange.preset ? {} : { range: choice.preset };
}

/**
 * Local midnight at the start of a day (`2030-01-31`), `after` days later; built from the calendar fields, so a
 * day a daylight-saving change makes 23 or 25 hours long still ends at the next local midnight.
 */
function localMidnight(day: string, after = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = new Date(year, month - 1, date + after);
  // The constructor reads years 0 to 99 as 1900 to 1999.
  if (year < 100) midnight.setFullYear(year, month - 1, date + after);
  return midnight.toISOString();
}

/**
 * The `from` and `to` of a choice as RFC 3339 times. Custom dates cover whole local days of the browser, the
 * time zone the pages show times in: from local midnight at the start of From to the one after To.
 */
export function rangeOf(choice: RangeChoice, now: number = Date.now()): { from?: string; to?: string } {
  if (choice.preset !== 'custom') {
    return {
      from: new Date(now - days[choice.preset] * 86_400_000).toISOString(),
      to: new Date(now).toISOString(),
    };
  }
  return {
    ...(choice.from ? { from: localMidnight(choice.from) } : {}),
    ...(choice.to ? { to: localMidnight(choice.to, 1) } : {}),
  };
}

/** Today's date in the browser's time zone, as a date input writes it (`2030-01-31`). */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Which dates of a custom range the server cannot be asked about (before `firstDay`, after `lastDay`). */
function outsideDates(choice: RangeChoice): { from: boolean; to: boolean } {
  if (choice.preset !== 'custom') return { from: false, to: false };
  return {
    from: choice.from !== '' && !isAskable(choice.from),
    to: choice.to !== '' && !isAskable(choice.to),
  };
}

/** Why a custom range is refused (a date outside the span, or From after To); the page says so and asks nothing. */
export function rangeProblem(choice: RangeChoice): 'outside' | 'backwards' | undefined {
  if (choice.preset !== 'custom') return undefined;
  const outside = outsideDates(choice);
  if (outside.from || outside.to) return 'outside';
  return choice.from !== '' && choice.to !== '' && choice.from > choice.to ? 'backwards' : undefined;
}

/** A stable key of a choice, for reloading when it changes (presets reload on a new minute). */
export function rangeKey(choice: RangeChoice): string {
  return choice.preset === 'custom' ? `custom:${choice.from}:${choice.to}` : choice.preset;
}

/** The range picker: presets as segments, and two dates for a custom range. */
export function TimeRange({
  value,
  onChange,
  text,
}: {
  readonly value: RangeChoice;
  readonly onChange: (choice: RangeChoice) => void;
  readonly text: ConsoleText;
}) {
  const today = localToday();
  const problem = rangeProblem(value);
  const outside = outsideDates(value);
  const invalid = (date: 'from' | 'to') => problem === 'backwards' || outside[date];
  return (
    <Stack gap={4} maw="100%" data-time-range>
      <Group gap="sm" align="end" wrap="wrap" maw="100%">
        {/* Five segments are wider than a phone: they scroll sideways rather than widen the page. Only the
            sideways scrollbar is offset: room kept for a vertical one put the segments 12 px in from the edge. */}
        <ScrollArea type="auto" scrollbars="x" offsetScrollbars="x" maw="100%" miw={0}>
          <SegmentedControl
            aria-label={text.range.label}
            value={value.preset}
            onChange={(preset) =>
              onChange(
                preset === 'custom'
                  ? { preset: 'custom', from: today, to: today }
                  : { preset: preset as 'day' | 'week' | 'month' | 'quarter' },
              )
            }
            data={(['day', 'week', 'month', 'quarter', 'custom'] as const).map((preset) => ({
              value: preset,
              label: text.range[preset],
            }))}
          />
        </ScrollArea>
        {value.preset === 'custom' ? (
          <>
            <TextInput
              type="date"
              size="xs"
              label={text.range.from}
              min={firstDay}
              max={lastDay}
              value={value.from}
              error={invalid('from')}
              onChange={(event) => onChange({ ...value, from: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              size="xs"
              label={text.range.to}
              min={firstDay}
              max={lastDay}
              value={value.to}
              error={invalid('to')}
              onChange={(event) => onChange({ ...value, to: event.currentTarget.value })}
            />
          </>
        ) : null}
      </Group>
      {problem ? (
        <Text role="alert" size="sm" c="red.9">
          {problem === 'backwards' ? text.range.backwards : text.range.outside(firstDay, lastDay)}
        </Text>
      ) : null}
    </Stack>
  );
}
