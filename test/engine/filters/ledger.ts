/**
 * The small ledger of the filter tests (engine and API). bean-check finds no error in it; the
 * figures the tests expect were computed by hand and checked with bean-query (Beancount 2.3.5).
 */
export const FILTER_LEDGER = `option "operating_currency" "USD"
2023-01-01 open Assets:Bank USD
2023-01-01 open Assets:Broker
2023-01-01 open Expenses:Food USD
2023-01-01 open Expenses:Travel USD
2023-01-01 open Income:Salary USD

2023-06-01 * "Employer" "June salary"
  Assets:Bank  1000.00 USD
  Income:Salary

2023-12-20 * "Shop" "Groceries" #food
  Expenses:Food  50.00 USD
  Assets:Bank

2024-01-15 * "Airline" "Flight" #trip-2024 ^trip
  source: "card"
  Expenses:Travel  300.00 USD
  Assets:Bank

2024-02-10 * "Market" "Food on the trip" #trip-2024 #food
  Expenses:Food  40.00 USD
  Assets:Bank

2024-03-05 * "Broker" "Buy shares"
  Assets:Broker  2 HOOL {150.00 USD}
  Assets:Bank  -300.00 USD

2024-03-31 balance Assets:Bank  310.00 USD

2024-04-01 * "Employer" "April salary"
  Assets:Bank  1200.00 USD
  Income:Salary
`;
