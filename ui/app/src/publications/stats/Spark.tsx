// Inline SVG bar and sparkline for the Stats table. Both take the scale
// (max) shared by the whole table, so lengths and heights compare across
// rows; the numbers themselves are in the table's cells, so the drawings
// are decorative (aria-hidden).
import type { Day } from "./model";

/** Bar is a horizontal bar of value on a 0..max scale. */
export function Bar(props: { value: number; max: number }) {
  const w = props.max > 0 ? Math.max(props.value > 0 ? 1 : 0, Math.round((props.value / props.max) * 100)) : 0;
  return (
    <svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width={w} height="10" />
    </svg>
  );
}

/** Sparkline draws a daily series on a 0..max scale. */
export function Sparkline(props: { days: Day[]; max: number }) {
  const { days, max } = props;
  const n = days.length;
  const h = 20;
  const w = 60;
  const pts = days.map((d, i) => `${n > 1 ? ((i / (n - 1)) * w).toFixed(1) : w / 2},${(h - (max > 0 ? (d.pv / max) * (h - 2) : 0) - 1).toFixed(1)}`).join(" ");
  return (
    <svg class="spark" viewBox={`0 0 ${w} ${h}`} aria-hidden="true" focusable="false">
      <polyline points={pts} fill="none" />
    </svg>
  );
}
