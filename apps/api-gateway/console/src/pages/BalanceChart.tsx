import type { BalanceDay, BalanceHistory } from '../trace-types';

const SERIES = [
  { key: 'payments', label: 'Payments', class: 'fill-payments' },
  { key: 'refunds', label: 'Refunds', class: 'fill-refunds' },
  { key: 'payouts', label: 'Payouts', class: 'fill-payouts' },
  { key: 'reserve', label: 'Reserve', class: 'fill-reserve' },
] as const satisfies readonly { key: keyof BalanceDay; label: string; class: string }[];

const WIDTH = 960;
const LEFT = 70;
const RIGHT = 12;
const LINE_TOP = 16;
const LINE_HEIGHT = 130;
const BARS_TOP = 190;
const BARS_HEIGHT = 130;
const HEIGHT = BARS_TOP + BARS_HEIGHT + 30;

// Amounts are decimal strings (ADR 0009); the chart only draws them, so a float is precise enough.
const num = (value: string) => Math.abs(Number(value)) || 0;

/**
 * The last 30 days as inline SVG: the balance as a line above, each day's payments, refunds,
 * payouts and reserve as grouped bars below. The same numbers are in a table beside it.
 */
export function BalanceChart({ history }: { history: BalanceHistory }) {
  const days = history.days;
  if (days.length === 0) return <p>No activity in the last 30 days.</p>;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const slot = plotWidth / days.length;
  const balances = days.map((day) => Number(day.balance) || 0);
  const low = Math.min(0, ...balances);
  const high = Math.max(1, ...balances);
  const yLine = (value: number) =>
    LINE_TOP + LINE_HEIGHT - ((value - low) / (high - low)) * LINE_HEIGHT;
  const x = (index: number) => LEFT + slot * index + slot / 2;
  const flowMax = Math.max(1, ...days.flatMap((day) => SERIES.map((s) => num(day[s.key]))));
  const barWidth = Math.max(1, (slot * 0.8) / SERIES.length);
  const points = balances.map(
    (value, index) => `${x(index).toFixed(1)},${yLine(value).toFixed(1)}`,
  );
  const last = days[days.length - 1];
  const description =
    `Balance from ${days[0].balance} to ${last.balance} ${history.currency} between ` +
    `${days[0].date} and ${last.date}; daily payments, refunds, payouts and reserve as bars.`;

  return (
    <figure class="chart panel">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="chart-title chart-desc"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id="chart-title">Balance and daily flows, last 30 days ({history.currency})</title>
        <desc id="chart-desc">{description}</desc>
        <text x={4} y={LINE_TOP + 4} class="axis">
          {high.toFixed(2)}
        </text>
        <text x={4} y={LINE_TOP + LINE_HEIGHT} class="axis">
          {low.toFixed(2)}
        </text>
        <line x1={LEFT} x2={WIDTH - RIGHT} y1={yLine(0)} y2={yLine(0)} class="gridline" />
        <polyline points={points.join(' ')} class="balance-line" />
        {balances.map((value, index) => (
          <circle key={index} cx={x(index)} cy={yLine(value)} r={2.5} class="balance-dot" />
        ))}
        <text x={4} y={BARS_TOP + 4} class="axis">
          {flowMax.toFixed(2)}
        </text>
        <text x={4} y={BARS_TOP + BARS_HEIGHT} class="axis">
          0
        </text>
        <line
          x1={LEFT}
          x2={WIDTH - RIGHT}
          y1={BARS_TOP + BARS_HEIGHT}
          y2={BARS_TOP + BARS_HEIGHT}
          class="gridline"
        />
        {days.map((day, index) =>
          SERIES.map((series, s) => {
            const height = (num(day[series.key]) / flowMax) * BARS_HEIGHT;
            return (
              <rect
                key={`${day.date}-${series.key}`}
                x={LEFT + slot * index + slot * 0.1 + barWidth * s}
                y={BARS_TOP + BARS_HEIGHT - height}
                width={barWidth}
                height={height}
                class={series.class}
              />
            );
          }),
        )}
        {days.map((day, index) =>
          index % 5 === 0 || index === days.length - 1 ? (
            <text key={day.date} x={x(index)} y={HEIGHT - 8} class="axis" text-anchor="middle">
              {day.date.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption>
        <ul class="legend">
          <li>
            <span class="swatch swatch-balance" aria-hidden="true" /> Balance (line)
          </li>
          {SERIES.map((series) => (
            <li key={series.key}>
              <span class={`swatch ${series.class}`} aria-hidden="true" /> {series.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
