/**
 * The one error of the filters: which filter (`time`, `account` or `filter`, the names of the
 * URL and API parameters), what is wrong, and where (1-based column in code points, or null when
 * the whole value is at fault). The HTTP layer answers it as a 400 {message, filter, column}.
 */
export type FilterName = 'time' | 'account' | 'filter';

/** How messages name each filter (the entry filter's parameter is plain `filter`). */
const LABEL: Record<FilterName, string> = { time: 'time filter', account: 'account filter', filter: 'entry filter' };

export class FilterError extends Error {
  override readonly name = 'FilterError';
  constructor(
    readonly filter: FilterName,
    /** The reason without the filter's name; `message` adds it. */
    readonly reason: string,
    /** 1-based column in Unicode code points, or null. */
    readonly column: number | null,
  ) {
    super(`${LABEL[filter]}${column === null ? '' : ` at column ${column}`}: ${reason}`);
  }
}

/** 1-based code-point column of a UTF-16 offset (a surrogate pair is one column, as in queries). */
export function columnOf(text: string, offset: number): number {
  return [...text.slice(0, Math.max(0, offset))].length + 1;
}
