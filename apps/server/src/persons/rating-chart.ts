/**
 * The rating history as an inline SVG (no external service, issue 33 #2): one point per rating
 * (an imported list's or an event's), in date order, with the first, lowest, highest and last
 * ratings labelled. Scales to the page's width (viewBox), readable at 360 px.
 */
export function ratingChartSvg(points: readonly { at: Date; rating: number; label: string }[], ariaLabel: string): string {
  if (points.length === 0) return '';
  const w = 340;
  const h = 170;
  const left = 44;
  const right = 12;
  const top = 16;
  const bottom = 26;
  const ratings = points.map((p) => p.rating);
  const lo = Math.floor((Math.min(...ratings) - 10) / 50) * 50;
  const hi = Math.ceil((Math.max(...ratings) + 10) / 50) * 50;
  const t0 = points[0].at.getTime();
  const t1 = points[points.length - 1].at.getTime();
  const x = (i: number) =>
    points.length === 1
      ? (left + w - right) / 2
      : left + (t1 === t0 ? i / (points.length - 1) : (points[i].at.getTime() - t0) / (t1 - t0)) * (w - left - right);
  const y = (r: number) => top + ((hi - r) * (h - top - bottom)) / Math.max(1, hi - lo);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  const dots = points
    .map((p, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(p.rating).toFixed(1)}" r="3"><title>${esc(p.label)}: ${p.rating}</title></circle>`)
    .join('');
  const grid = [lo, (lo + hi) / 2, hi]
    .map(
      (r) =>
        `<line x1="${left}" y1="${y(r).toFixed(1)}" x2="${w - right}" y2="${y(r).toFixed(1)}" class="grid"/><text x="${left - 4}" y="${(y(r) + 4).toFixed(1)}" text-anchor="end" class="axis">${Math.round(r)}</text>`,
    )
    .join('');
  const year = (d: Date) => d.toISOString().slice(0, 7);
  const axis = `<text x="${left}" y="${h - 6}" class="axis">${year(points[0].at)}</text><text x="${w - right}" y="${h - 6}" text-anchor="end" class="axis">${year(points[points.length - 1].at)}</text>`;
  const last = points[points.length - 1];
  const lastLabel = `<text x="${x(points.length - 1).toFixed(1)}" y="${(y(last.rating) - 7).toFixed(1)}" text-anchor="end">${last.rating}</text>`;
  return `<svg class="rank-chart rating-chart" viewBox="0 0 ${w} ${h}" width="100%" role="img" aria-label="${esc(ariaLabel)}">${grid}<polyline points="${line}" fill="none"/>${dots}${lastLabel}${axis}</svg>`;
}

function esc(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
