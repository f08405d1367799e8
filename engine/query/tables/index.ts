/**
 * Every table, imported once so each registers itself. The import order is the registration
 * order, which the schema endpoint lists: postings first, then document 2's table list, then the
 * budget tables and #errors.
 */
import './postings';
import './entries';
import './transactions';
import './prices';
import './balances';
import './notes';
import './events';
import './documents';
import './accounts';
import './commodities';
import './budgets';
import './budget-definitions';
import './budget-events';
import './errors';
