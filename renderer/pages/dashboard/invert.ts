/**
 * The sign income is shown with (Fava's `invert-income-liabilities-equity`): remembered in
 * localStorage once the user picks it; until then the ledger's fava-option, which the income
 * statement endpoint applies as its default `invert` (so no second reader of the option here).
 */
import { ref } from 'vue';
import { statement } from '../statements/statements-api';

const KEY = 'ledger-query.invert-income';

export const invertIncome = ref<boolean>(readStored() ?? false);
let asked = false;

function readStored(): boolean | null {
  try {
    const v = globalThis.localStorage?.getItem(KEY);
    return v === '1' ? true : v === '0' ? false : null;
  } catch {
    return null;
  }
}

export function setInvertIncome(v: boolean): void {
  invertIncome.value = v;
  try {
    globalThis.localStorage?.setItem(KEY, v ? '1' : '0');
  } catch {
    // Storage refused (private mode): the choice lasts for this window only.
  }
}

/** Without a stored choice, takes the ledger's default once (a one-day statement is cheap). */
export async function loadInvertDefault(day: string): Promise<void> {
  if (asked || readStored() !== null) return;
  asked = true;
  const r = await statement('income-statement', { from: day, to: day });
  if (r.ok && readStored() === null) invertIncome.value = r.data.invert;
}
