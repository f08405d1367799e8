/**
 * The ledger of the journal and account page tests. Processing order (seq) by hand: the seven
 * opens (0-6), pad (7), its padding transaction (8), balance 01-03 (9), Cafe (10), Landlord (11),
 * balance 01-07 (12), Employer (13), balance 01-09 (14, fails by 0.01), two buys (15, 16), the
 * sale of both lots (17).
 */
export const JOURNAL_LEDGER = `option "operating_currency" "USD"

2024-01-01 open Assets:Bank
2024-01-01 open Assets:Cash
2024-01-01 open Assets:Broker
2024-01-01 open Equity:Opening
2024-01-01 open Expenses:Food
2024-01-01 open Expenses:Rent
2024-01-01 open Income:Job

2024-01-02 pad Assets:Bank Equity:Opening
2024-01-03 balance Assets:Bank 500.00 USD

2024-01-05 * "Cafe" "Coffee beans" #food ^r1
  Expenses:Food  8.00 USD
  Assets:Cash  -8.00 USD

2024-01-06 * "Landlord" "January rent" #home
  Expenses:Rent  300.00 USD
  Assets:Bank

2024-01-07 balance Assets:Bank 200.00 USD

2024-01-08 * "Employer" "Pay" #job ^r1
  Assets:Bank  1000.00 USD
  Income:Job  -1000.00 USD

2024-01-09 balance Assets:Bank 1200.01 USD

2024-01-10 * "Broker" "Buy"
  Assets:Broker  1 STK {10.00 USD}
  Assets:Cash  -10.00 USD

2024-01-11 * "Broker" "Buy"
  Assets:Broker  1 STK {12.00 USD}
  Assets:Cash  -12.00 USD

2024-01-12 * "Broker" "Sell"
  Assets:Broker  -2 STK {}
  Assets:Cash  22.00 USD
`;
