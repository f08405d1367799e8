/**
 * The small ledger of the statement and holdings tests (also the route tests): cash, a lot with
 * prices (STK), a lot never quoted (GLD), a currency exchange at a price (conversions), a card,
 * income in January and March and food in February. `bean-check` passes on it.
 */
export const LEDGER = `option "operating_currency" "USD"

2024-01-01 open Assets:Bank
2024-01-01 open Assets:Broker
2024-01-01 open Assets:Euro
2024-01-01 open Liabilities:Card
2024-01-01 open Equity:Opening
2024-01-01 open Income:Salary
2024-01-01 open Expenses:Food

2024-01-02 * "Opening"
  Assets:Bank  1000.00 USD
  Equity:Opening  -1000.00 USD

2024-01-10 * "Employer" "Pay"
  Assets:Bank  500.00 USD
  Income:Salary  -500.00 USD

2024-01-15 * "Broker" "Buy STK"
  Assets:Broker  10 STK {20.00 USD}
  Assets:Bank  -200.00 USD

2024-02-01 price EUR 1.10 USD

2024-02-01 * "Bank" "Exchange"
  Assets:Euro  90.00 EUR @ 1.10 USD
  Assets:Bank  -99.00 USD

2024-02-05 * "Grocer" "Food"
  Expenses:Food  30.00 USD
  Liabilities:Card  -30.00 USD

2024-02-10 * "Broker" "Buy GLD"
  Assets:Broker  2 GLD {50.00 USD}
  Assets:Bank  -100.00 USD

2024-02-20 price STK 25.00 USD

2024-03-10 * "Employer" "Pay"
  Assets:Bank  500.00 USD
  Income:Salary  -500.00 USD

2024-03-15 price STK 26.00 USD
`;
