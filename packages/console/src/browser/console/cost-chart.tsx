import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';

/** One bar: its label and value. */
export interface Bar {
  readonly label: string;
  readonly value: number;
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
}: {
  readonly name: string;
  readonly title: string;
  readonly bars: readonly Bar[];
  readonly color: string;
  readonly format: (value: number) => string;
  readonly empty: string;
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
            yAxisProps={{ width: axisWidth }}
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
