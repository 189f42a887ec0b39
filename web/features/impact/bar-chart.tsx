/**
 * A bar chart drawn as plain SVG (decision 034: no chart library; 12 bars need none, and SVG
 * prerenders, scales with the page and costs no script beyond this file). A null value is a
 * grey mark on the axis: no figure to show. The chart is an image whose text alternative,
 * `alt`, states every figure (an image's parts are not read one by one).
 */
export interface Bar {
  /** Unique among the bars. */
  key: string;
  /** Under the bar: short (a month's name). */
  label: string;
  value: number | null;
  /** The figure as people read it, written above the bar. */
  text: string;
}

const WIDTH = 640;
const HEIGHT = 260;
const TOP = 24;
const BOTTOM = 32;
const LEFT = 8;

export function BarChart({ bars, max, alt }: { bars: Bar[]; max: number; alt: string }) {
  const step = (WIDTH - LEFT * 2) / Math.max(bars.length, 1);
  const barWidth = step * 0.62;
  const plot = HEIGHT - TOP - BOTTOM;
  const top = Math.max(max, 1);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={alt}
      className="h-auto w-full"
      preserveAspectRatio="xMidYMid meet"
    >
      <line
        x1={LEFT}
        x2={WIDTH - LEFT}
        y1={TOP + plot}
        y2={TOP + plot}
        className="stroke-gray-400"
        strokeWidth={1}
      />
      {bars.map((bar, i) => {
        const x = LEFT + i * step + (step - barWidth) / 2;
        const centre = x + barWidth / 2;
        const height = bar.value === null ? 0 : Math.max((bar.value / top) * plot, 2);
        return (
          <g key={bar.key}>
            {bar.value === null ? (
              <rect
                x={x}
                y={TOP + plot - 4}
                width={barWidth}
                height={4}
                className="fill-gray-300"
              />
            ) : (
              <>
                <rect
                  x={x}
                  y={TOP + plot - height}
                  width={barWidth}
                  height={height}
                  rx={3}
                  className="fill-red-600"
                />
                <text
                  x={centre}
                  y={TOP + plot - height - 6}
                  textAnchor="middle"
                  className="fill-gray-900 text-[15px]"
                >
                  {bar.text}
                </text>
              </>
            )}
            <text
              x={centre}
              y={HEIGHT - 8}
              textAnchor="middle"
              className="fill-gray-700 text-[16px]"
            >
              {bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
