/**
 * The small text ledger most query tests read, loaded through loadLedger: four transactions
 * (a lunch with posting metadata, a tagged salary with transaction metadata, a dinner without
 * payee, a stock bought at cost).
 */
import { ledger } from '../ledger/ledger-text';

/** The small ledger most query tests read (loaded through loadLedger). */
export const BASIC_TEXT = `
2024-01-01 open Assets:Cash
2024-01-01 open Assets:Stock
2024-01-01 open Expenses:Food
2024-01-01 open Income:Salary
2024-01-05 * "Shop" "Lunch"
  Expenses:Food  10.50 USD
    kind: "meal"
  Assets:Cash   -10.50 USD
2024-02-01 * "Boss" "Pay" #work
  ref: "p1"
  Assets:Cash     100 USD
  Income:Salary  -100 USD
2024-02-10 * "Dinner"
  Expenses:Food   20 USD
  Assets:Cash    -20 USD
2024-03-01 * "Broker" "Buy"
  Assets:Stock   2 HOOL {30 USD}
  Assets:Cash  -60 USD
`;

export function basicLedger() {
  return ledger(BASIC_TEXT);
}
