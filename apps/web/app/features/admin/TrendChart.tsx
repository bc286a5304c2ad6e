import { useId } from 'react';
import { useTranslation } from '~/lib/use-translation';

export interface TrendPoint {
  /** YYYY-MM-DD */
  day: string;
  count: number;
}

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 24, left: 36 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least `max` (and at least 1). */
export function axisTop(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** The day with the highest count (the latest one on a tie) and the total. */
export function trendSummary(points: readonly TrendPoint[]) {
  let peak: TrendPoint | undefined;
  let total = 0;
  for (const p of points) {
    total += p.count;
    if (!peak || p.count >= peak.count) peak = p;
  }
  return { total, peak };
}

/**
 * A small bar chart of daily counts, drawn as SVG without a chart library. Sighted readers get the
 * bars (each with a tooltip), the axis and a one-line summary; screen readers get the summary and a
 * visually hidden table of every day.
 */
export function TrendChart({
  title,
  points,
  testId,
}: {
  title: string;
  points: readonly TrendPoint[];
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { total, peak } = trendSummary(points);
  const top = axisTop(peak?.count ?? 0);
  const slot = PLOT_W / Math.max(points.length, 1);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => PAD.top + PLOT_H - (value / top) * PLOT_H;
  const summary = t('trendSummary', { total, max: peak?.count ?? 0, day: peak?.day ?? '' });

  return (
    <figure className="admin-trend" data-testid={testId} aria-labelledby={`${id}-title`}>
      <figcaption>
        <h2 id={`${id}-title`} className="admin-trend__title">
          {title}
        </h2>
        <p className="admin-trend__summary" data-testid={testId ? `${testId}-summary` : undefined}>
          {summary}
        </p>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="admin-trend__chart"
        role="img"
        aria-label={`${title}. ${summary}`}
      >
        {[0, top / 2, top].map((tick) => (
          <g key={tick} className="admin-trend__tick">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          const h = (p.count / top) * PLOT_H;
          return (
            <rect
              key={p.day}
              className="admin-trend__bar"
              x={x}
              y={PAD.top + PLOT_H - h}
              width={barWidth}
              height={Math.max(h, p.count > 0 ? 1 : 0)}
            >
              <title>{`${p.day}: ${p.count}`}</title>
            </rect>
          );
        })}
        {points.map((p, i) =>
          (points.length - 1 - i) % 7 === 0 ? (
            <text
              key={`label-${p.day}`}
              className="admin-trend__label"
              x={PAD.left + i * slot + slot / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
            >
              {p.day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <table className="admin-visually-hidden">
        <caption>{t('trendTableCaption', { title })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('day')}</th>
            <th scope="col">{t('count')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day}>
              <th scope="row">{p.day}</th>
              <td>{p.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
