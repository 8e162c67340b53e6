import { useId } from 'react';
import { shopDateFormat } from '../../../domain/money.ts';
import './daily-chart.css';

export interface ChartDay {
  /** YYYY-MM-DD, in the shop's time zone. */
  date: string;
  all: number;
  delivered: number;
}

/** A round top for the axis and the lines under it: 0, step, 2·step… (steps of 1, 2 or 5 × 10ⁿ). */
export function chartScale(max: number, lines = 4, whole = false): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: whole ? lines : 1, ticks: Array.from({ length: lines + 1 }, (_, i) => (whole ? i : i / lines)) };
  const rough = max / lines;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  if (whole) step = Math.max(1, Math.ceil(step));
  // Rounded: 3 × 0.1 is 0.3 here, not 0.30000000000000004.
  const round = (value: number) => Number(value.toPrecision(12));
  const count = Math.ceil(round(max / step));
  return { top: round(step * count), ticks: Array.from({ length: count + 1 }, (_, i) => round(step * i)) };
}

const dayFormat = () => shopDateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });
/** "Mar 5" for 2026-03-05 (the date is already the shop's day: read it as UTC so it does not move). */
export function dayLabel(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return dayFormat().format(new Date(Date.UTC(year, month - 1, day)));
}

const WIDTH = 360;
const HEIGHT = 170;
const PAD = { top: 10, right: 6, bottom: 22, left: 40 };

interface DailyChartProps {
  title: string;
  days: ChartDay[];
  /** How a value reads ("3 orders", a sum in the shop's currency). */
  format: (value: number) => string;
  /** Short axis labels ("12", a compact sum). */
  axisFormat: (value: number) => string;
  whole?: boolean;
}

/**
 * Bars per day, drawn by hand in SVG (no chart library in the admin chunk): all orders light, the
 * delivered part dark in front. Each bar's title tells its day; the figures are also a table below.
 */
export function DailyChart({ title, days, format, axisFormat, whole = false }: DailyChartProps) {
  const id = useId();
  const max = Math.max(0, ...days.map((day) => day.all));
  const { top, ticks } = chartScale(max, 4, whole);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const sumAll = days.reduce((sum, day) => sum + day.all, 0);
  const sumDelivered = days.reduce((sum, day) => sum + day.delivered, 0);
  const busiest = days.reduce<ChartDay | null>((best, day) => (day.all > (best?.all ?? 0) ? day : best), null);
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);

  return (
    <figure className="daily-chart">
      <figcaption className="daily-chart__title">
        <span>{title}</span>
        <span className="daily-chart__sum">
          {format(sumAll)} <span className="muted">· delivered {format(sumDelivered)}</span>
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="daily-chart__svg">
        <title id={`${id}-title`}>{`${title}, last ${days.length} days`}</title>
        <desc id={`${id}-desc`}>
          {`In all ${format(sumAll)}, delivered ${format(sumDelivered)}.`}
          {busiest ? ` Most on ${dayLabel(busiest.date)}: ${format(busiest.all)}.` : ''}
          {days.length > 0 ? ` Today: ${format(days[days.length - 1]?.all ?? 0)}.` : ''}
        </desc>
        {ticks.map((tick) => (
          <g key={tick} className="daily-chart__grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {axisFormat(tick)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={day.date} className="daily-chart__day" data-date={day.date} data-all={day.all} data-delivered={day.delivered}>
              <title>{`${dayLabel(day.date)}: ${format(day.all)}, delivered ${format(day.delivered)}`}</title>
              {/* The whole slot answers the pointer, so a thin or empty day still shows its title. */}
              <rect x={PAD.left + index * slot} y={PAD.top} width={slot} height={plotHeight} className="daily-chart__hit" />
              {day.all > 0 ? <rect x={x} y={y(day.all)} width={barWidth} height={y(0) - y(day.all)} rx="1.5" className="daily-chart__all" /> : null}
              {day.delivered > 0 ? (
                <rect x={x} y={y(day.delivered)} width={barWidth} height={y(0) - y(day.delivered)} rx="1.5" className="daily-chart__delivered" />
              ) : null}
              {labelled.has(index) ? (
                <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor={index === 0 ? 'start' : index === days.length - 1 ? 'end' : 'middle'} className="daily-chart__label">
                  {index === days.length - 1 ? 'Today' : dayLabel(day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
