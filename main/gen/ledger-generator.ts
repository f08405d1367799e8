/**
 * Deterministic ledger generator for tests and benchmarks.
 *
 * A simulation of one household over several years: salary with yearly tax accounts, rent, card
 * spending over 112 expense accounts and card payments, cash with monthly pads, transfers between
 * currencies at a price, four brokers buying lots at cost and selling them (FIFO with `{}`, or
 * STRICT naming the lot) with capital gains, dividends, weekly prices, yearly savings accounts
 * that are opened, emptied and closed, budgets, notes, events and documents.
 *
 * Validity: the generator keeps its own exact books (Book, with Dec) and only writes what holds:
 * every balance assertion states the tracked balance, no sale exceeds holdings, every transaction
 * balances exactly (weights are exact: integer units, 2-place costs, `@@` totals). The output
 * passes `bean-check` with zero errors (verified by test/gen/ledger-generator.test.ts when
 * bean-check is installed), given the document files of DOCUMENT_FILES next to it.
 *
 * Determinism: all randomness comes from Prng(seed); no clock, no Math.random, no Map iteration
 * over insertion-dependent data that could differ between runs.
 */
import { Dec } from '../../engine/decimal';
import { addMonths, civilFromDays, daysFromCivil, weekday, type DayNum } from '../../engine/dates';
import { Book, type Lot } from './book';
import {
  BROKERS,
  BUDGETS,
  CARDS,
  CITIES,
  CLOSED_BUDGET,
  DOCUMENT_FILES,
  EMPLOYERS,
  EXPENSES,
  FX,
  OPENING,
  OPERATING,
  PAYEES,
  SALARY_BANK,
  TAGS,
  TAXES,
  TICKERS,
  US_BANKS,
  WALLET,
  WALLET_PAD_SOURCE,
} from './chart';
import { Prng } from './prng';
import { Renderer, quote, type GenFormat, type MetaPair, type PostingText } from './render';

export { DOCUMENT_FILES };
export type { GenFormat };

export interface GenOptions {
  /** Exact number of written transactions (padding transactions made by pads are not written, so not counted). */
  transactions?: number;
  /** Alternative size: stop once at least this many postings are written. */
  postings?: number;
  seed: string | number;
  format?: GenFormat;
  /** Years covered (default grows with size: 3 up to 5k transactions, then 5, 8, 12). */
  years?: number;
  /** Last year covered (default 2025); the ledger ends on its December 31. */
  endYear?: number;
}

export interface GenStats {
  transactions: number;
  postings: number;
  /** Dated directives written (transactions included; padding not). */
  directives: number;
  balances: number;
  accounts: number;
  firstDate: DayNum;
  lastDate: DayNum;
}

const USD = OPERATING;
const ZERO = Dec.ZERO;
const CENT = Dec.of('0.01');
const BP = Dec.of('0.0001');
const HUNDRED = Dec.of(100);
const NET_SHARE = Dec.of('0.6535');

/** Exact amount from an integer number of cents (the draw is an integer; the money is Dec). */
function cents(c: number): Dec {
  const neg = c < 0;
  const a = Math.abs(c);
  const frac = a % 100;
  return Dec.of((neg ? '-' : '') + Math.floor(a / 100) + '.' + (frac < 10 ? '0' + frac : frac));
}

const amt = (n: Dec, cur: string): string => n.toString() + ' ' + cur;

/** The expense accounts in a stable order, with their category. */
const EXPENSE_ACCOUNTS: { account: string; category: string }[] = Object.keys(EXPENSES).flatMap((cat) =>
  EXPENSES[cat].map((sub) => ({ account: `Expenses:${cat}:${sub}`, category: cat })),
);
const CATEGORIES = Object.keys(EXPENSES);
/** Typical purchase size per category, in cents [lo, hi]. */
const PRICE_RANGE: Record<string, [number, number]> = {
  Food: [250, 9000], Home: [1500, 40000], Transport: [200, 6000], Health: [800, 25000], Leisure: [500, 12000],
  Clothing: [1500, 20000], Travel: [3000, 90000], Gifts: [1000, 15000], Education: [2000, 60000],
  Financial: [100, 5000], Pets: [500, 15000], Kids: [500, 30000], Office: [300, 20000], Misc: [100, 5000],
};

/** Account components cannot hold a dot, commodity names can (`GOLD.X`). */
const stockAccount = (broker: string, ticker: string) => `Assets:Invest:${broker}:${ticker.replace(/\./g, "-")}`;
const brokerCash = (broker: string) => `Assets:Invest:${broker}:Cash`;
const checking = (bank: string) => `Assets:US:${bank}:Checking`;
const fxChecking = (country: string) => `Assets:${country}:Bank:Checking`;
const goalAccount = (year: number) => `Assets:Savings:Goal${year}`;
const taxAccount = (year: number, tax: string) => `Expenses:Taxes:Y${year}:${tax}`;

function defaultYears(n: number): number {
  return n <= 5000 ? 3 : n <= 50000 ? 5 : n <= 200000 ? 8 : 12;
}

/** Generates the ledger text in chunks (about one month each); the return value is the statistics. */
export function* generateLedgerChunks(opts: GenOptions): Generator<string, GenStats, void> {
  const g = new Simulation(opts);
  yield* g.run();
  return g.stats;
}

/** The whole ledger as one string (tests, small ledgers). */
export function generateLedger(opts: GenOptions): { text: string; stats: GenStats } {
  const parts: string[] = [];
  const it = generateLedgerChunks(opts);
  for (;;) {
    const r = it.next();
    if (r.done) return { text: parts.join(''), stats: r.value };
    parts.push(r.value);
  }
}

class Simulation {
  private readonly rnd: Prng;
  private readonly r: Renderer;
  private readonly book = new Book();
  private readonly format: GenFormat;
  private readonly target: number;
  private readonly byPostings: boolean;
  private readonly first: DayNum;
  private readonly last: DayNum;
  private readonly days: number;
  /** Scales money flows with density so balances stay plausible on dense ledgers. */
  private readonly scale: number;
  /** Scales income and currency purchases with the spending rate, so accounts mostly stay positive. */
  private readonly income: number;

  readonly stats: GenStats;
  private prices = new Map<string, Dec>();
  private fxRates = new Map<string, Dec>();
  private openAccounts = new Set<string>();
  private budgetOpen = new Set<string>();
  private city = 0;
  private linkSeq = 0;
  private lotSeq = 0;
  /** Time of day of the last timed entry of the current day (keeps file order = time order). */
  private clock: number | null = null;

  constructor(opts: GenOptions) {
    this.rnd = new Prng(opts.seed);
    this.format = opts.format ?? 'beancount';
    this.r = new Renderer(this.format);
    this.byPostings = opts.transactions === undefined && opts.postings !== undefined;
    this.target = Math.max(0, Math.floor(this.byPostings ? opts.postings! : (opts.transactions ?? 1000)));
    const approxTxns = this.byPostings ? Math.ceil(this.target / 2.6) : this.target;
    const years = opts.years ?? defaultYears(approxTxns);
    const endYear = opts.endYear ?? 2025;
    this.first = daysFromCivil(endYear - years + 1, 1, 1);
    this.last = daysFromCivil(endYear, 12, 31);
    this.days = this.last - this.first + 1;
    this.scale = Math.max(1, Math.round(approxTxns / this.days / 1.5));
    this.income = Math.max(1, Math.ceil((approxTxns / this.days) * 0.9));
    this.stats = { transactions: 0, postings: 0, directives: 0, balances: 0, accounts: 0, firstDate: this.first, lastDate: this.last };
  }

  private more(): boolean {
    return this.byPostings ? this.stats.postings < this.target : this.stats.transactions < this.target;
  }

  *run(): Generator<string, void, void> {
    const quotaBase = this.byPostings ? Math.ceil(this.target / 2.6) : this.target;
    this.header();
    for (let day = this.first; day <= this.last; day++) {
      const [y, m, d] = civilFromDays(day);
      this.clock = this.rnd.chance(this.format === 'zhang' ? 0.6 : 0.15) ? 7 * 3600 : null;
      if (day === this.first) {
        // Nothing else on the opening day: its pads are computed from the next day's balances, so a
        // transaction between them would change the padded amount behind the generator's back.
        this.openingDay(day);
      } else {
        this.scheduled(day, y, m, d);
        // Random transactions fill the day's share of the requested size (the rest on the last day).
        const due = day === this.last ? Infinity : Math.floor(((day - this.first + 1) * quotaBase) / this.days);
        while (this.more() && this.stats.transactions < due) this.randomTxn(day);
      }
      if (d === daysInMonthOf(y, m) || day === this.last) {
        yield this.r.out.join('');
        this.r.out = [];
      }
    }
  }

  // ---------------------------------------------------------------- structure

  private header(): void {
    const r = this.r;
    r.line(`; Generated ledger (main/gen/ledger-generator.ts): deterministic, seed-driven. Do not edit by hand.`);
    r.option('title', 'Generated ledger');
    r.option('operating_currency', USD);
    if (this.format === 'zhang') r.option('timezone', 'Europe/Berlin');
    r.line('');
  }

  private openAccount(day: DayNum, account: string, currencies: string[], booking: string | null = null, meta: MetaPair[] = []): void {
    this.r.open(day, account, currencies, booking, meta);
    this.openAccounts.add(account);
    this.stats.accounts++;
    this.stats.directives++;
  }

  private closeAccount(day: DayNum, account: string): void {
    this.r.close(day, account);
    this.openAccounts.delete(account);
    this.stats.directives++;
  }

  private openingDay(day: DayNum): void {
    const r = this.r;
    const [y] = civilFromDays(day);
    for (const { currency, usd } of FX) {
      r.commodity(day, currency, [['name', quote(currency + ' cash')]]);
      this.fxRates.set(currency, Dec.of(usd + '00'));
    }
    r.commodity(day, USD, [['name', '"US Dollar"']]);
    for (const t of TICKERS) {
      r.commodity(day, t.ticker, [['name', quote(t.name)], ['asset-class', '"stock"']]);
      this.prices.set(t.ticker, Dec.of(t.usd));
    }
    this.stats.directives += FX.length + 1 + TICKERS.length;

    this.openAccount(day, OPENING, []);
    for (const bank of US_BANKS) this.openAccount(day, checking(bank), [USD], null, [['institution', quote(bank)]]);
    for (const { currency, country } of FX) this.openAccount(day, fxChecking(country), [currency]);
    this.openAccount(day, WALLET, [USD]);
    for (const c of CARDS) this.openAccount(day, c.account, [c.currency]);
    for (const e of EMPLOYERS) this.openAccount(day, `Income:Salary:${e}`, [USD]);
    this.openAccount(day, 'Income:Refunds', []);
    for (const b of BROKERS) {
      this.openAccount(day, brokerCash(b.name), [USD]);
      this.openAccount(day, `Income:Invest:${b.name}:PnL`, [USD]);
      this.openAccount(day, `Income:Invest:${b.name}:Dividends`, [USD]);
      for (const t of TICKERS) this.openAccount(day, stockAccount(b.name, t.ticker), [t.ticker], b.booking === 'FIFO' ? 'FIFO' : null);
    }
    for (const { account, category } of EXPENSE_ACCOUNTS) {
      const meta: MetaPair[] = [];
      for (const b of BUDGETS) if (b.expenses.includes(category)) meta.push(['budget', quote(b.name)]);
      if (account === 'Expenses:Food:Restaurant') meta.push(['budget', '"Fun"']);
      this.openAccount(day, account, [], null, meta);
    }
    this.yearlyAccounts(day, y);

    for (const b of BUDGETS) {
      r.budget(day, b.name, USD, [['alias', quote(b.alias)], ['category', quote(b.category)]]);
      this.budgetOpen.add(b.name);
      this.stats.directives++;
    }
    r.event(day, 'location', CITIES[0]);
    r.event(day, 'employer', EMPLOYERS[0]);
    this.stats.directives += 2;
    r.document(day, brokerCash(BROKERS[0].name), DOCUMENT_FILES[2].path, ['contract']);
    this.stats.directives++;

    // Opening balances through pads, asserted the next day.
    const next = day + 1;
    const pads: { account: string; amount: string; source: string }[] = [];
    const open = (account: string, currency: string, units: Dec) => {
      pads.push({ account, amount: amt(units, currency), source: OPENING });
      this.book.add(account, currency, units);
      this.book.add(OPENING, currency, units.neg());
      this.stats.balances++;
      this.stats.directives += this.format === 'zhang' ? 1 : 2;
    };
    for (const bank of US_BANKS) open(checking(bank), USD, cents(this.rnd.int(300000, 900000) * this.scale));
    for (const { currency, country } of FX) open(fxChecking(country), currency, cents(this.rnd.int(50000, 300000)));
    open(WALLET, USD, cents(20000));
    for (const b of BROKERS) open(brokerCash(b.name), USD, cents(this.rnd.int(1000000, 3000000) * this.scale));
    r.paddedBalances(next, pads);
  }

  /** Savings goal and tax accounts of a year; those of two years back are closed. */
  private yearlyAccounts(day: DayNum, year: number): void {
    this.openAccount(day, goalAccount(year), [USD]);
    for (const t of TAXES) this.openAccount(day, taxAccount(year, t), [USD]);
    if (this.openAccounts.has(taxAccount(year - 2, TAXES[0]))) for (const t of TAXES) this.closeAccount(day, taxAccount(year - 2, t));
  }

  // ---------------------------------------------------------------- calendar

  private scheduled(day: DayNum, y: number, m: number, d: number): void {
    const dow = weekday(day);
    if (d === 1) {
      this.monthlyAssertions(day, m);
      if (m === 1) this.yearlyAccounts(day, y);
      this.budgetAdds(day);
    }
    if (d === 28) this.walletPad(day);
    if (d === 1) this.payday(day, y);
    if (d === 2) this.rent(day);
    if (d === 3) this.cardPayments(day);
    if (d === 4) this.statement(day, m);
    if (d === 5) this.fundBroker(day);
    if (d === 10) this.fxTransfer(day, m);
    if (d === 12) this.transfer(day, checking('Wells'), WALLET, cents(this.rnd.int(100, 300) * 100), 'ATM withdrawal');
    if (d === 15) this.transfer(day, SALARY_BANK, goalAccount(y), cents(20000 * this.scale), 'Savings goal');
    if (d === 25 && m % 3 === 0) this.dividends(day);
    if (m === 12 && d === 15) this.budgetTransfer(day);
    if (m === 12 && d === 20) this.emptyGoal(day, y);
    if (m === 12 && d === 30) this.assert(day, goalAccount(y), USD);
    // Only an emptied account is closed (a size limit reached mid-year can leave savings in it).
    if (m === 12 && d === 31 && this.book.balance(goalAccount(y), USD).isZero()) this.closeAccount(day, goalAccount(y));
    if (dow === 0) this.weeklyPrices(day);
    if (d === 8 && m % 3 === 1) this.moveCity(day);
    if (d === 18) this.note(day);
    if (day === this.first + Math.floor((this.days * 2) / 3)) this.closeBudget(day);
    if (day === this.first + Math.floor(this.days / 2)) {
      this.r.event(day, 'employer', EMPLOYERS[1]);
      this.stats.directives++;
    }
  }

  private timeOfDay(): number | null {
    if (this.clock === null) return null;
    // Strictly increasing within the day and before 23:00: written order stays processing order.
    this.clock = Math.min(this.clock + this.rnd.int(1, 12) * 60 + (this.rnd.chance(0.2) ? this.rnd.int(1, 59) : 0), 22 * 3600 + 59 * 60);
    return this.clock;
  }

  private assert(day: DayNum, account: string, currency: string): void {
    this.r.balance(day, account, amt(this.book.balance(account, currency), currency));
    this.stats.balances++;
    this.stats.directives++;
  }

  private monthlyAssertions(day: DayNum, month: number): void {
    for (const bank of US_BANKS) this.assert(day, checking(bank), USD);
    for (const { currency, country } of FX) this.assert(day, fxChecking(country), currency);
    for (const c of CARDS) this.assert(day, c.account, c.currency);
    for (const b of BROKERS) this.assert(day, brokerCash(b.name), USD);
    if (month % 3 === 1) for (const b of BROKERS) for (const t of TICKERS) this.assert(day, stockAccount(b.name, t.ticker), t.ticker);
  }

  private walletPad(day: DayNum): void {
    const now = this.book.balance(WALLET, USD);
    let want = cents(this.rnd.int(5, 30) * 1000);
    if (want.eq(now)) want = want.plus(Dec.of('1.00'));
    const delta = want.minus(now);
    this.r.paddedBalances(day, [{ account: WALLET, amount: amt(want, USD), source: WALLET_PAD_SOURCE }]);
    this.book.add(WALLET, USD, delta);
    this.book.add(WALLET_PAD_SOURCE, USD, delta.neg());
    this.stats.balances++;
    this.stats.directives += this.format === 'zhang' ? 1 : 2;
  }

  private budgetAdds(day: DayNum): void {
    for (const b of BUDGETS) {
      if (!this.budgetOpen.has(b.name)) continue;
      this.r.budgetAdd(day, b.name, amt(Dec.of(b.monthly).times(Dec.of(this.scale)), USD));
      this.stats.directives++;
    }
  }

  private budgetTransfer(day: DayNum): void {
    if (!this.budgetOpen.has('Transport') || !this.budgetOpen.has('Food')) return;
    this.r.budgetTransfer(day, 'Transport', 'Food', amt(cents(5000 * this.scale), USD));
    this.stats.directives++;
  }

  private closeBudget(day: DayNum): void {
    this.r.budgetClose(day, CLOSED_BUDGET);
    this.budgetOpen.delete(CLOSED_BUDGET);
    this.stats.directives++;
  }

  private statement(day: DayNum, month: number): void {
    this.r.document(day, SALARY_BANK, DOCUMENT_FILES[0].path, month === 1 ? ['yearly'] : []);
    this.stats.directives++;
  }

  private note(day: DayNum): void {
    const account = this.rnd.pick([SALARY_BANK, WALLET, CARDS[0].account, brokerCash(BROKERS[1].name)]);
    this.r.note(day, account, this.rnd.pick(['Checked the statement', 'Called support about a fee', 'Reviewed "recurring" charges', 'Card limit raised']));
    this.stats.directives++;
  }

  private moveCity(day: DayNum): void {
    this.city = (this.city + 1 + this.rnd.int(0, CITIES.length - 2)) % CITIES.length;
    this.r.event(day, 'location', CITIES[this.city]);
    this.stats.directives++;
  }

  private weeklyPrices(day: DayNum): void {
    for (const t of TICKERS) {
      const p = this.prices.get(t.ticker)!;
      let next = p.plus(p.times(Dec.of(this.rnd.int(-400, 420)).times(BP))).round(2);
      if (next.cmp(Dec.ONE) < 0) next = Dec.of('1.00');
      this.prices.set(t.ticker, next);
      this.r.price(day, this.timeOfDay(), t.ticker, amt(next, USD));
    }
    for (const { currency } of FX) {
      const p = this.fxRates.get(currency)!;
      const next = p.plus(p.times(Dec.of(this.rnd.int(-100, 100)).times(BP))).round(4);
      this.fxRates.set(currency, next);
      this.r.price(day, this.timeOfDay(), currency, amt(next, USD));
    }
    // One pair is also quoted the other way round, as some price sources do.
    this.r.price(day, this.timeOfDay(), USD, amt(Dec.ONE.div(this.fxRates.get('CHF')!)!.round(4), 'CHF'));
    this.stats.directives += TICKERS.length + FX.length + 1;
  }

  // ---------------------------------------------------------------- transactions

  private emit(
    day: DayNum,
    flag: string,
    payee: string | null,
    narration: string,
    postings: PostingText[],
    extra: { tags?: string[]; links?: string[]; meta?: MetaPair[] } = {},
  ): void {
    this.r.txn({ date: day, time: this.timeOfDay(), flag, payee, narration, postings, ...extra });
    this.stats.transactions++;
    this.stats.postings += postings.length;
    this.stats.directives++;
  }

  private transfer(day: DayNum, from: string, to: string, units: Dec, narration: string): void {
    if (!this.more()) return;
    this.book.add(from, USD, units.neg());
    this.book.add(to, USD, units);
    this.emit(day, '*', null, narration, [
      { account: from, amount: amt(units.neg(), USD) },
      { account: to, amount: this.rnd.chance(0.5) ? null : amt(units, USD) },
    ]);
  }

  /** How much `account` lacks to hold `target` (zero if it holds more), rounded up to whole hundreds. */
  private shortfall(account: string, currency: string, target: Dec): Dec {
    const lack = target.minus(this.book.balance(account, currency));
    if (!lack.isPos()) return ZERO;
    return lack.div(HUNDRED)!.round(0).plus(Dec.ONE).times(HUNDRED).withDp(2);
  }

  /**
   * The first of the month: salary into the main bank, sized so that it covers what the month will
   * take out of it (rent, card bills, top-ups of the other banks, savings, broker funding), then the
   * top-ups. Money flows follow the tracked balances, so accounts stay positive at any density.
   */
  private payday(day: DayNum, year: number): void {
    const chaseTop = this.shortfall(checking('Chase'), USD, cents(500000 * this.income).minus(this.book.balance(CARDS[1].account, USD)));
    const wellsTop = this.shortfall(checking('Wells'), USD, cents(150000 * this.income));
    let outflow = cents(180000 * this.scale).plus(cents(20000 * this.scale)).plus(cents(300000 * this.scale)).plus(chaseTop).plus(wellsTop);
    for (const c of CARDS) if (c.payFrom === SALARY_BANK) outflow = outflow.minus(this.book.balance(c.account, c.currency));
    const needed = outflow.plus(cents(300000 * this.income)).minus(this.book.balance(SALARY_BANK, USD));
    this.salary(day, year, needed);
    if (chaseTop.isPos()) this.transfer(day, SALARY_BANK, checking('Chase'), chaseTop, 'Monthly transfer');
    if (wellsTop.isPos()) this.transfer(day, SALARY_BANK, checking('Wells'), wellsTop, 'Monthly transfer');
  }

  private salary(day: DayNum, year: number, neededNet: Dec): void {
    if (!this.more()) return;
    const employer = day < this.first + Math.floor(this.days / 2) ? EMPLOYERS[0] : EMPLOYERS[1];
    let gross = cents(this.rnd.int(650000, 800000) * this.income);
    // Taxes take 34.65% of gross: gross = net / 0.6535 covers the month.
    const covering = neededNet.div(NET_SHARE)!.round(2);
    if (covering.cmp(gross) > 0) gross = covering;
    const rates = ['0.22', '0.05', '0.062', '0.0145'];
    const postings: PostingText[] = [{ account: `Income:Salary:${employer}`, amount: amt(gross.neg(), USD) }];
    let net = gross;
    TAXES.forEach((t, i) => {
      const tax = gross.times(Dec.of(rates[i])).round(2);
      net = net.minus(tax);
      postings.push({ account: taxAccount(year, t), amount: amt(tax, USD) });
    });
    postings.push({ account: SALARY_BANK, amount: amt(net, USD) });
    this.book.add(SALARY_BANK, USD, net);
    this.emit(day, '*', employer, 'Payroll', postings, { tags: ['salary'], meta: [['period', quote(`${year}`)]] });
  }

  private rent(day: DayNum): void {
    if (!this.more()) return;
    const rent = cents(180000 * this.scale);
    this.book.add(SALARY_BANK, USD, rent.neg());
    this.emit(day, '*', 'Landlord', 'Rent', [
      { account: SALARY_BANK, amount: amt(rent.neg(), USD) },
      { account: 'Expenses:Home:Rent', amount: amt(rent, USD) },
    ], { links: [`rent-${this.linkSeq++}`] });
  }

  private cardPayments(day: DayNum): void {
    for (const c of CARDS) {
      const owed = this.book.balance(c.account, c.currency);
      if (owed.isZero() || !this.more()) continue;
      this.book.add(c.account, c.currency, owed.neg());
      this.book.add(c.payFrom, c.currency, owed);
      this.emit(day, '*', null, `Payment ${c.account.split(':').pop()}`, [
        { account: c.payFrom, amount: amt(owed, c.currency) },
        { account: c.account, amount: amt(owed.neg(), c.currency) },
      ]);
    }
  }

  private fundBroker(day: DayNum): void {
    const b = this.rnd.pick(BROKERS);
    this.transfer(day, SALARY_BANK, brokerCash(b.name), cents(this.rnd.int(50000, 300000) * this.scale), `Fund ${b.name} account`);
  }

  /** USD -> foreign currency: `@` with whole foreign units, or `@@` with a total; weights are exact either way. */
  private fxTransfer(day: DayNum, month: number): void {
    if (!this.more()) return;
    const { currency, country } = FX[month % FX.length];
    const rate = this.fxRates.get(currency)!.round(2);
    const from = checking('Chase');
    // Enough for the next three months of spending in that currency (EUR is spent most), plus a draw.
    const target = cents((currency === 'EUR' ? 600000 : 150000) * this.income);
    const base = this.shortfall(fxChecking(country), currency, target).round(0);
    let foreignPosting: string;
    let units: Dec;
    let usd: Dec;
    if (this.rnd.chance(0.5)) {
      units = base.plus(Dec.of(this.rnd.int(100, 500)));
      usd = units.times(rate);
      foreignPosting = `${amt(units, currency)} @ ${amt(rate, USD)}`;
    } else {
      units = base.plus(cents(this.rnd.int(10000, 50000))).withDp(2);
      usd = units.times(rate).round(2);
      foreignPosting = `${amt(units, currency)} @@ ${amt(usd, USD)}`;
    }
    this.book.add(from, USD, usd.neg());
    this.book.add(fxChecking(country), currency, units);
    this.emit(day, '*', 'Wise', `Exchange to ${currency}`, [
      { account: fxChecking(country), amount: foreignPosting },
      { account: from, amount: amt(usd.neg(), USD) },
    ]);
  }

  private emptyGoal(day: DayNum, year: number): void {
    const saved = this.book.balance(goalAccount(year), USD);
    if (saved.isZero() || !this.more()) return;
    this.book.add(goalAccount(year), USD, saved.neg());
    this.book.add(SALARY_BANK, USD, saved);
    this.emit(day, '*', null, `Savings goal ${year} reached`, [
      { account: goalAccount(year), amount: amt(saved.neg(), USD) },
      { account: SALARY_BANK, amount: amt(saved, USD) },
    ], { links: [`goal-${year}`] });
  }

  private dividends(day: DayNum): void {
    for (const b of BROKERS) {
      if (!this.more()) return;
      const postings: PostingText[] = [];
      let total = ZERO;
      for (const t of TICKERS) {
        const held = this.book.balance(stockAccount(b.name, t.ticker), t.ticker);
        if (!held.isPos()) continue;
        const div = held.times(Dec.of(this.rnd.int(5, 60))).times(CENT);
        total = total.plus(div);
        postings.push({ account: `Income:Invest:${b.name}:Dividends`, amount: amt(div.neg(), USD), meta: [['ticker', quote(t.ticker)]] });
      }
      if (!postings.length) continue;
      postings.push({ account: brokerCash(b.name), amount: amt(total, USD) });
      this.book.add(brokerCash(b.name), USD, total);
      this.emit(day, '*', b.name, 'Quarterly dividends', postings, { tags: ['dividend'] });
    }
  }

  private randomTxn(day: DayNum): void {
    const x = this.rnd.float();
    if (x < 0.1 && this.buy(day)) return;
    if (x >= 0.1 && x < 0.16 && this.sell(day)) return;
    if (x >= 0.16 && x < 0.19) return this.refund(day);
    if (x >= 0.19 && x < 0.23) return this.transfer(day, checking('Wells'), checking(this.rnd.pick(US_BANKS)), cents(this.rnd.int(1000, 50000)), 'Internal transfer');
    this.purchase(day);
  }

  private purchase(day: DayNum): void {
    const cat = this.rnd.pick(CATEGORIES);
    const payee = this.rnd.pick(PAYEES[cat]);
    const [lo, hi] = PRICE_RANGE[cat];
    const split = this.rnd.chance(0.15) ? 2 : 1;
    // Payment source and currency.
    const s = this.rnd.float();
    let source: string;
    let currency = USD;
    let viaPrice: { currency: string; rate: Dec } | null = null;
    if (s < 0.5) source = this.rnd.pick(CARDS.slice(0, 3)).account;
    else if (s < 0.68) source = this.rnd.pick([SALARY_BANK, checking('Chase')]);
    else if (s < 0.8) source = WALLET;
    else if (s < 0.9) ((source = CARDS[3].account), (currency = 'EUR'));
    else if (s < 0.95) {
      const fx = this.rnd.pick(FX);
      source = fxChecking(fx.country);
      currency = fx.currency;
    } else {
      // Paid in USD by card for a foreign-currency price: `@@` total keeps the weight exact.
      source = CARDS[0].account;
      const fx = this.rnd.pick(FX);
      viaPrice = { currency: fx.currency, rate: this.fxRates.get(fx.currency)! };
    }
    const amounts: Dec[] = [];
    let total = ZERO;
    for (let i = 0; i < split; i++) {
      const a = cents(this.rnd.int(lo, hi));
      amounts.push(a);
      total = total.plus(a);
    }
    if (source === WALLET && this.book.balance(WALLET, USD).cmp(total) < 0) source = SALARY_BANK;
    const accounts = EXPENSES[cat];
    const postings: PostingText[] = [];
    let paid = total;
    if (viaPrice) {
      const a = amounts[0];
      paid = a.times(viaPrice.rate).round(2);
      postings.push({ account: `Expenses:${cat}:${this.rnd.pick(accounts)}`, amount: `${amt(a, viaPrice.currency)} @@ ${amt(paid, USD)}` });
    } else {
      const elide = this.rnd.chance(0.35) ? this.rnd.int(0, split) : -1;
      amounts.forEach((a, i) => {
        const p: PostingText = { account: `Expenses:${cat}:${this.rnd.pick(accounts)}`, amount: i === elide ? null : amt(a, currency) };
        if (this.rnd.chance(0.03)) p.meta = [['note', quote('split ' + (i + 1))]];
        postings.push(p);
      });
      if (elide === split) {
        postings.push({ account: source, amount: null });
        this.book.add(source, currency, total.neg());
        return this.finishPurchase(day, payee, cat, postings);
      }
    }
    postings.push({ account: source, amount: amt(paid.neg(), currency) });
    this.book.add(source, currency, paid.neg());
    this.finishPurchase(day, payee, cat, postings);
  }

  private finishPurchase(day: DayNum, payee: string, cat: string, postings: PostingText[]): void {
    const tags: string[] = [];
    if (this.rnd.chance(0.12)) tags.push(this.rnd.pick(TAGS));
    if (cat === 'Travel') tags.push(`trip-${this.city}`);
    const links = this.rnd.chance(0.03) ? [`inv-${this.linkSeq++}`] : [];
    const meta: MetaPair[] = [];
    if (this.rnd.chance(0.05)) meta.push(['receipt', 'TRUE']);
    if (this.rnd.chance(0.01)) meta.push(['document', quote(DOCUMENT_FILES[1].path)]);
    if (this.rnd.chance(0.02)) meta.push(['invoice', quote(`INV-${this.rnd.int(1000, 99999)}`)]);
    const flag = this.rnd.chance(0.04) ? '!' : '*';
    const narration = this.rnd.pick(EXPENSES[cat]).toLowerCase() + (this.rnd.chance(0.1) ? ' "special" order' : '');
    const hasPayee = this.rnd.chance(0.9);
    this.emit(day, flag, hasPayee ? payee : null, narration, postings, { tags, links, meta });
  }

  private refund(day: DayNum): void {
    const cat = this.rnd.pick(CATEGORIES);
    const a = cents(this.rnd.int(100, 5000));
    const card = CARDS[1].account;
    this.book.add(card, USD, a);
    this.emit(day, '*', this.rnd.pick(PAYEES[cat]), 'refund', [
      { account: card, amount: amt(a, USD) },
      { account: `Expenses:${cat}:${this.rnd.pick(EXPENSES[cat])}`, amount: amt(a.neg(), USD) },
    ], { tags: ['refund'] });
  }

  private buy(day: DayNum): boolean {
    const b = this.rnd.pick(BROKERS);
    const t = this.rnd.pick(TICKERS);
    const price = this.prices.get(t.ticker)!;
    const units = Dec.of(this.rnd.int(1, 40));
    const cost = units.times(price);
    const fee = this.rnd.chance(0.5) ? Dec.of('4.95') : ZERO;
    const cash = brokerCash(b.name);
    if (this.book.balance(cash, USD).cmp(cost.plus(fee)) < 0) return false;
    const account = stockAccount(b.name, t.ticker);
    const label = b.booking === 'FIFO' && this.rnd.chance(0.1) ? `lot-${++this.lotSeq}` : null;
    const form = this.rnd.float();
    let units_: string;
    if (label) units_ = `${amt(units, t.ticker)} {${amt(price, USD)}, ${quote(label)}}`;
    else if (form < 0.1) units_ = `${amt(units, t.ticker)} {{${amt(cost, USD)}}}`;
    else if (form < 0.25) units_ = `${amt(units, t.ticker)} {${amt(price, USD)}} @ ${amt(price, USD)}`;
    else units_ = `${amt(units, t.ticker)} {${amt(price, USD)}}`;
    this.book.buy(account, t.ticker, units, price, USD, day, label);
    this.book.add(cash, USD, cost.plus(fee).neg());
    const postings: PostingText[] = [{ account, amount: units_ }, { account: cash, amount: amt(cost.plus(fee).neg(), USD) }];
    if (!fee.isZero()) postings.push({ account: 'Expenses:Financial:Commissions', amount: amt(fee, USD) });
    this.emit(day, '*', b.name, `Buy ${t.ticker}`, postings, { tags: ['invest'] });
    return true;
  }

  private sell(day: DayNum): boolean {
    const b = this.rnd.pick(BROKERS);
    const t = this.rnd.pick(TICKERS);
    const account = stockAccount(b.name, t.ticker);
    const held = this.book.balance(account, t.ticker);
    if (!held.isPos()) return false;
    const price = this.prices.get(t.ticker)!;
    const cash = brokerCash(b.name);
    let basis = ZERO;
    let units: Dec;
    let spec: string;
    if (b.booking === 'FIFO') {
      // Sometimes the whole holding, else part of it; `{}` lets FIFO pick the lots.
      units = this.rnd.chance(0.2) ? held : Dec.of(this.rnd.int(1, Number(held.toBigInt()!)));
      for (const tk of this.book.sellFifo(account, t.ticker, units)) basis = basis.plus(tk.units.times(tk.lot.cost));
      spec = '{}';
    } else {
      const lots = this.book.heldLots(account);
      const lot: Lot = lots[this.rnd.int(0, lots.length - 1)];
      units = Dec.of(this.rnd.int(1, Number(lot.units.toBigInt()!)));
      basis = units.times(lot.cost);
      spec = `{${amt(lot.cost, lot.costCurrency)}, ${formatDay(lot.date)}}`;
      this.book.sellLot(account, t.ticker, lot, units);
    }
    const proceeds = units.times(price);
    const fee = this.rnd.chance(0.5) ? Dec.of('4.95') : ZERO;
    const gain = proceeds.minus(basis);
    this.book.add(cash, USD, proceeds.minus(fee));
    const postings: PostingText[] = [
      { account, amount: `${amt(units.neg(), t.ticker)} ${spec} @ ${amt(price, USD)}` },
      { account: cash, amount: amt(proceeds.minus(fee), USD) },
    ];
    if (!fee.isZero()) postings.push({ account: 'Expenses:Financial:Commissions', amount: amt(fee, USD) });
    // The gain is sometimes left to interpolation, as people write it; never a zero one (nothing to
    // interpolate: Beancount would have to guess the currency of an empty residual).
    const elide = this.rnd.chance(0.3) && !gain.isZero();
    postings.push({ account: `Income:Invest:${b.name}:PnL`, amount: elide ? null : amt(gain.neg(), USD) });
    this.emit(day, '*', b.name, `Sell ${t.ticker}`, postings, { tags: ['invest'], links: [`trade-${this.linkSeq++}`] });
    return true;
  }
}

function daysInMonthOf(y: number, m: number): number {
  return addMonths(daysFromCivil(y, m, 1), 1)! - daysFromCivil(y, m, 1);
}

function formatDay(day: DayNum): string {
  const [y, m, d] = civilFromDays(day);
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}
