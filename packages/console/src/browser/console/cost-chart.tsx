import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';

/** One bar: its label and value. */
export interface Bar {
  readonly label: string;
  readonly value: number;
}

/**
 * A bar's label cut with an ellipsis to what fits under its bar (about 40 characters across a card's plot, shared by
 * its bars, 16 at most): recharts left out a label too long for its bar. The tooltip has it whole.
 */
function clipFor(bars: number): (label: string) => string {
  const length = Math.min(16, Math.max(4, Math.floor(40 / Math.max(1, bars))));
  return (label) => {
    const characters = [...label];
    return characters.length > length ? `${characters.slice(0, length - 1).join('')}…` : label;
  };
}

/**
 * A titled bar chart with its numbers also in a table for screen readers: the chart is a picture hidden from
 * assistive technology (and out of the tab order), the table is what it reads.
 */
export function CostChart({
  name,
  title,
  bars,
  color,
  format,
  empty,
  whole = false,
}: {
  readonly name: string;
  readonly title: string;
  readonly bars: readonly Bar[];
  readonly color: string;
  readonly format: (value: number) => string;
  readonly empty: string;
  /** Counts: the value axis has whole-number ticks only (3 requests had ticks at 0.75 and 2.25). */
  readonly whole?: boolean;
}) {
  const headingId = `chart-${name}`;
  // The value axis is as wide as its longest label (`US$0.000023` in Chinese): at recharts' fixed 60 px the
  // labels ran out of the card and were cut by its edge.
  const longest = Math.max(...[0, ...bars.map((bar) => bar.value)].map((value) => format(value).length));
  // Two characters to spare: a tick between the bars' values can be longer than any of them (0.0045 by 0.006).
  const axisWidth = Math.max(40, Math.ceil((longest + 2) * 7) + 8);
  return (
    <Paper withBorder radius="md" p="md" data-chart={name} aria-labelledby={headingId} component="section">
      <Title order={2} size="h5" id={headingId} mb="sm">
        {title}
      </Title>
      {bars.length === 0 ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          {empty}
        </Text>
      ) : (
        <div aria-hidden="true">
          <BarChart
            h={240}
            data={bars.map((bar) => ({ label: bar.label, value: bar.value }))}
            dataKey="label"
            series={[{ name: 'value', label: title, color }]}
            valueFormatter={format}
            tickLine="y"
            gridAxis="y"
            withTooltip
            maxBarWidth={56}
            yAxisProps={{ width: axisWidth, allowDecimals: !whole }}
            xAxisProps={{ tickFormatter: clipFor(bars.length), interval: 0 }}
            barChartProps={{ accessibilityLayer: false }}
          />
        </div>
      )}
      <table className="opwire-visually-hidden" data-chart-table>
        <caption>{title}</caption>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td>{format(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Paper>
  );
}
