/** Dates as day numbers for a time-proportional x axis (YYYY-MM-DD <-> days since 1970-01-01, UTC). */
export function dayNumber(date: string): number {
  const d = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999, and BQL dates start at year 1.
  d.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return Math.round(d.getTime() / 86_400_000);
}

export function dayText(day: number): string {
  if (!Number.isFinite(day)) return '';
  const d = new Date(Math.round(day) * 86_400_000);
  const y = d.getUTCFullYear();
  if (y < 1 || y > 9999) return '';
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  return `${pad(y, 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}
