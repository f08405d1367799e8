#!/bin/sh
# Regenerates main/demo/example.beancount, the ledger the app opens when started without one.
#
# bean-example (Debian's beancount 2.3.5) writes a realistic three-year personal ledger; it has no
# budgets, pads, notes, documents, saved queries or closed accounts, so the app's budget, document,
# query-menu and balance-pad views would be empty. This script appends a hand-written section with
# those, adds `budget:` metadata to the open directives of the budgeted expense accounts, and
# checks the result with bean-check (it must report zero errors).
#
# Deterministic: a fixed seed and fixed dates give the same bytes on every run.
# Usage: sh main/demo/make-example.sh   (from anywhere)
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
OUT="$HERE/example.beancount"
SEED=2024
BEGIN=2024-01-01
END=2026-10-31
# Budgets get monthly assignments from BEGIN's month through END's month.
export HERE OUT BEGIN END

bean-example --seed "$SEED" --date-begin "$BEGIN" --date-end "$END" -o "$OUT.tmp" 2>/dev/null

/usr/bin/python3 - <<'PY'
import os, re, datetime

out = os.environ['OUT']
text = open(out + '.tmp', encoding='utf-8').read()

# Budget membership lives on the account's open directive (one `budget:` line per budget).
budget_of = {
    'Expenses:Food:Groceries': ['Groceries'],
    'Expenses:Food:Restaurant': ['Dining'],
    'Expenses:Food:Coffee': ['Dining'],
    'Expenses:Food:Alcohol': ['Dining', 'Treats'],
    'Expenses:Transport:Tram': ['Transport'],
    'Expenses:Home:Electricity': ['Utilities'],
    'Expenses:Home:Internet': ['Utilities'],
    'Expenses:Home:Phone': ['Utilities'],
}
for account, budgets in budget_of.items():
    pattern = re.compile(r'^(\d{4}-\d{2}-\d{2} open ' + re.escape(account) + r'\b[^\n]*)$', re.M)
    meta = ''.join(f'\n  budget: "{b}"' for b in budgets)
    text, n = pattern.subn(lambda m: m.group(1) + meta, text, count=1)
    assert n == 1, f'no open directive for {account}'

begin = datetime.date.fromisoformat(os.environ['BEGIN'])
end = datetime.date.fromisoformat(os.environ['END'])

def months():
    y, m = begin.year, begin.month
    while (y, m) <= (end.year, end.month):
        yield datetime.date(y, m, 1)
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)

lines = ['', '', '* Demo additions (main/demo/make-example.sh)', '']
lines += [
    '** Budgets', '',
    f'{begin} custom "budget" "Groceries" "USD"', '  alias: "Groceries"', '  category: "Food"', '',
    f'{begin} custom "budget" "Dining" "USD"', '  alias: "Eating out"', '  category: "Food"', '',
    f'{begin} custom "budget" "Transport" "USD"', '  alias: "Tram and trips"', '  category: "Living"', '',
    f'{begin} custom "budget" "Utilities" "USD"', '  alias: "Power, internet, phone"', '  category: "Living"', '',
    f'{begin} custom "budget" "Treats" "USD"', '  alias: "Treats (closed end of 2025)"', '  category: "Food"', '',
]
adds = {'Groceries': '400.00', 'Dining': '250.00', 'Transport': '120.00', 'Utilities': '180.00'}
for month in months():
    for name, amount in adds.items():
        lines.append(f'{month} custom "budget-add" "{name}" {amount} USD')
    if month <= datetime.date(2025, 12, 1):
        lines.append(f'{month} custom "budget-add" "Treats" 30.00 USD')
lines += [
    '',
    '2024-12-20 custom "budget-transfer" "Transport" "Groceries" 50.00 USD',
    '  note: "Holiday dinners; fewer trips in December"',
    '2025-12-31 custom "budget-close" "Treats"',
    '',
    '** Cash wallet and a closed savings account (pads, balances, close)', '',
    f'{begin} open Assets:Cash:Wallet USD',
    f'{begin} open Assets:US:CreditUnion:Savings USD',
    '  institution: "Neighbourhood Credit Union"',
    f'{begin} pad Assets:Cash:Wallet Equity:Opening-Balances',
    f'{begin} pad Assets:US:CreditUnion:Savings Equity:Opening-Balances',
    '2024-01-02 balance Assets:Cash:Wallet 200.00 USD',
    '2024-01-02 balance Assets:US:CreditUnion:Savings 500.00 USD',
    '',
    '2024-02-03 * "Corner Cafe" "Coffee and a croissant" #cash',
    '  Assets:Cash:Wallet                    -7.40 USD',
    '  Expenses:Food:Coffee',
    '',
    '2024-03-09 * "Farmers Market" "Vegetables and bread" #cash',
    '  document: "documents/receipt-farmers-market.png"',
    '  Assets:Cash:Wallet                   -23.15 USD',
    '  Expenses:Food:Groceries               23.15 USD',
    '    note: "paid in coins"',
    '',
    '2024-06-01 * "Neighbourhood Credit Union" "Close the savings account, cash out" ^creditunion-closing',
    '  Assets:US:CreditUnion:Savings       -500.00 USD',
    '  Assets:Cash:Wallet                   500.00 USD',
    '',
    '2024-06-02 close Assets:US:CreditUnion:Savings',
    '2024-06-03 balance Assets:Cash:Wallet 669.45 USD',
    '',
    '2025-04-12 pad Assets:Cash:Wallet Expenses:Food:Coffee',
    '2025-04-13 balance Assets:Cash:Wallet 650.00 USD',
    '',
    '** Notes, events, documents', '',
    '2024-01-15 note Assets:US:BofA:Checking "Ordered a replacement debit card"',
    '2024-06-02 note Assets:US:CreditUnion:Savings "Account closed, final statement received"',
    '2025-04-12 note Assets:Cash:Wallet "Lost receipts for small coffees; padded the difference"',
    '2024-05-20 event "location" "Lisbon"',
    '2024-05-27 event "location" "New Metropolis"',
    '2025-09-01 event "employer" "Babble, 1 Continuous Loop, Bupertina, CA"',
    '2024-03-31 document Assets:US:BofA:Checking "documents/bofa-statement-2024-03.pdf"',
    '2024-06-02 document Assets:US:CreditUnion:Savings "documents/creditunion-closing-letter.txt" #paperwork ^creditunion-closing',
    '2025-01-10 document Liabilities:US:Chase:Slate "documents/chase-card-agreement.pdf"',
    '',
    '** Saved queries', '',
    '2024-01-01 query "balances-by-account" "SELECT account, sum(position) GROUP BY account"',
    r'''2024-01-01 query "tax-accounts-by-year" "SELECT account, sum(position) WHERE account ~ ':Y20\d\d:' GROUP BY account ORDER BY account"''',
    '2024-01-01 query "groceries-monthly" "SELECT year, month, sum(position) WHERE account = \'Expenses:Food:Groceries\' GROUP BY year, month ORDER BY year, month"',
    '',
]
with open(out, 'w', encoding='utf-8') as f:
    f.write(text.rstrip('\n') + '\n' + '\n'.join(lines))
os.remove(out + '.tmp')
PY

bean-check "$OUT"
echo "wrote $OUT ($(wc -c < "$OUT") bytes), bean-check: no errors"
