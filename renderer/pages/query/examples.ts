/**
 * Example queries of the Query page (spec 1 item 5). They work on any ledger and between them
 * show each chart kind of the chart rule and the main statement forms.
 */
export interface ExampleQuery {
  title: string;
  query: string;
}

export const EXAMPLE_QUERIES: readonly ExampleQuery[] = [
  { title: 'Balances of all accounts', query: 'BALANCES' },
  { title: 'Balance sheet at book value', query: "BALANCES AT cost\nWHERE account ~ '^(Assets|Liabilities):'" },
  { title: 'Expenses by account (treemap)', query: "SELECT account, sum(position)\nWHERE account ~ '^Expenses:'\nGROUP BY account\nORDER BY account" },
  {
    title: 'Monthly expenses (line chart)',
    query: "SELECT yearmonth(date) AS month, sum(position)\nWHERE account ~ '^Expenses:'\nGROUP BY month\nORDER BY month",
  },
  {
    title: 'Top payees by spending (bar chart)',
    query: "SELECT payee, sum(position) AS spent\nWHERE account ~ '^Expenses:' AND payee IS NOT NULL\nGROUP BY payee\nORDER BY sum(number) DESC\nLIMIT 20",
  },
  { title: 'Journal of an account', query: "JOURNAL '^Assets:'" },
  { title: 'Last 50 postings', query: 'SELECT date, flag, payee, narration, account, position, balance\nORDER BY date DESC\nLIMIT 50' },
  { title: 'Income and expenses of last year', query: 'BALANCES FROM year = year(today()) - 1\nWHERE account ~ \'^(Income|Expenses):\'' },
  { title: 'Failed balance assertions', query: 'SELECT date, account, amount, actual\nFROM #balances\nWHERE NOT passed' },
  { title: 'Prices', query: 'SELECT date, currency, amount\nFROM #prices\nORDER BY date DESC' },
  { title: 'Open accounts', query: 'SELECT account, open\nFROM #accounts\nWHERE close IS NULL' },
  { title: 'Ledger errors', query: 'SELECT * FROM #errors' },
];
