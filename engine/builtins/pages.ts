/**
 * Built-in queries the page endpoints need beyond the catalogue (engine/builtins/catalogue),
 * declared in the same style. The server looks names up in the catalogue first, then here.
 */
import { builtin, type Builtin } from './declare';

/*
 * The error list page shows each error's sentence (#errors `message`, "sentence shown by the
 * errors page"), which the catalogue's errors.page does not select; this is errors.page with the
 * message added as the last column, same order and window.
 */
export const errorList = builtin(
  'errors.list',
  'size int, offset int',
  'one page of ledger errors in their order (file, then position) with the message the error page shows; size 1 to 1000, offset = (page - 1) x size',
  `
SELECT id, kind, file, line, column, span_start, span_end, source, metas, message
FROM #errors
LIMIT :size OFFSET :offset`,
);

export const PAGE_BUILTINS: readonly Builtin[] = Object.freeze([errorList]);
