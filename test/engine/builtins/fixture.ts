/**
 * The small zhang ledger most catalogue tests read (times of day, budgets, lots, prices in both
 * directions, a pad, documents, a saved query and one failing assertion). Figures in the tests
 * are computed by hand from this text.
 */
import { ledger } from '../ledger/ledger-text';
import type { Snapshot } from '../../../engine/ledger/snapshot';

export const FIXTURE = `option "operating_currency" "USD"
2024-01-01 open Assets:Bank USD
2024-01-01 open Assets:Bank:Savings USD
2024-01-01 open Assets:Broker
2024-01-01 open Liabilities:Card USD
2024-01-01 open Expenses:Food
  alias: "Groceries"
  budget: "Food"
2024-01-01 open Income:Salary
2024-01-01 open Equity:Opening
2024-01-01 open Assets:Old
2024-03-01 close Assets:Old
2024-01-01 budget Food USD
  category: "Living"
2024-01-01 budget-add Food 100.00 USD
2024-01-02 09:00 * "Employer" "January pay" #work
  Assets:Bank  1000.00 USD
  Income:Salary
2024-01-03 pad Assets:Bank:Savings Equity:Opening
2024-01-04 balance Assets:Bank:Savings 50.00 USD
2024-01-10 12:30 * "Market" "groceries" #food ^r1
  Liabilities:Card  -45.50 USD
  Expenses:Food
2024-01-20 * "Broker" "buy stock"
  Assets:Broker  10 STK {20.00 USD, "a"}
  Assets:Broker  5 STK {22.00 USD}
  Assets:Bank  -310.00 USD
2024-02-01 price STK 25.00 USD
2024-02-01 price USD 0.90 EUR
2024-02-05 * "Market" "groceries again" #food
  Liabilities:Card  -30.00 USD
  Expenses:Food
2024-02-10 * "Transfer"
  Assets:Bank:Savings  100.00 USD
  Assets:Bank
2024-02-15 balance Assets:Bank 640.00 USD
2024-02-16 balance Assets:Bank 1.00 USD
2024-02-20 document Assets:Bank "statement.pdf"
2024-03-05 * "Broker" "sell some"
  Assets:Broker  -12 STK {} @ 30.00 USD
  Assets:Bank  360.00 USD
  Income:Gains
2030-01-01 price STK 99.00 USD
2024-01-05 query "food" "SELECT account WHERE account ~ 'Food'"
2024-01-06 query "broken" "SELECT nope"
`;

export const fixture = (): Snapshot => ledger(FIXTURE, { format: 'zhang' });
