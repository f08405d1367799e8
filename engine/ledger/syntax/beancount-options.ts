/**
 * The option names Beancount 2.3.5 knows (beancount/parser/options.py), to report the others as
 * bean-check does: "Invalid option: 'name'", and "Option 'name' may not be set" for the ones it
 * fills itself. The spec is silent on option names, so Beancount files follow bean-check; the
 * option is still recorded (and ignored by the engine unless it reads it). `timezone` is this
 * app's own option (the ledger's time zone) and is not reported.
 */
const SETTABLE = new Set([
  'title',
  'name_assets',
  'name_liabilities',
  'name_equity',
  'name_income',
  'name_expenses',
  'account_previous_balances',
  'account_previous_earnings',
  'account_previous_conversions',
  'account_current_earnings',
  'account_current_conversions',
  'account_rounding',
  'conversion_currency',
  'inferred_tolerance_default',
  'inferred_tolerance_multiplier',
  'infer_tolerance_from_cost',
  'documents',
  'operating_currency',
  'render_commas',
  'plugin_processing_mode',
  'long_string_maxlines',
  'booking_method',
  'allow_pipe_separator',
  'allow_deprecated_none_for_tags_and_links',
  'insert_pythonpath',
  'timezone',
]);
/** Filled by Beancount's loader; a ledger may not set them. */
const READ_ONLY = new Set(['filename', 'include', 'input_hash', 'dcontext', 'commodities', 'plugin']);

/** The problem bean-check reports for `option "name" ...`, or null. */
export function beancountOptionProblem(name: string): string | null {
  if (SETTABLE.has(name)) return null;
  if (READ_ONLY.has(name)) return `Option '${name}' may not be set`;
  return `Invalid option: '${name}' (Beancount does not know it; the option is ignored)`;
}
