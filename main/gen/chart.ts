/**
 * The generated ledger's fixed cast: currencies, commodities, institutions, the chart of accounts,
 * payees and budgets. Pure data (no randomness), so every seed shares the same account tree and a
 * reader of a generated ledger can find things by name.
 */

export const OPERATING = 'USD';

/** Cash currencies other than USD, with a starting price in USD as decimal text. */
export const FX: readonly { currency: string; usd: string; country: string }[] = [
  { currency: 'EUR', usd: '1.10', country: 'EU' },
  { currency: 'GBP', usd: '1.27', country: 'UK' },
  { currency: 'CHF', usd: '1.12', country: 'CH' },
];

/** Traded commodities with a starting price in USD (2 decimal places). */
export const TICKERS: readonly { ticker: string; usd: string; name: string }[] = [
  { ticker: 'ACME', usd: '120.00', name: 'ACME Corporation' },
  { ticker: 'BOLT', usd: '45.50', name: 'Bolt Industries' },
  { ticker: 'CRUX', usd: '210.25', name: 'Crux Holdings' },
  { ticker: 'DYNA', usd: '33.10', name: 'Dynamo Energy' },
  { ticker: 'EVRG', usd: '88.80', name: 'Evergreen Foods' },
  { ticker: 'FLUX', usd: '150.00', name: 'Flux Semiconductors' },
  { ticker: 'GRID', usd: '64.35', name: 'Grid Utilities' },
  { ticker: 'HELX', usd: '19.99', name: 'Helix Biotech' },
  { ticker: 'IDXA', usd: '300.00', name: 'Index Fund A' },
  { ticker: 'IDXB', usd: '95.40', name: 'Index Fund B' },
  { ticker: 'BNDX', usd: '52.00', name: 'Bond Fund' },
  { ticker: 'GOLD.X', usd: '180.00', name: 'Gold Trust' },
];

export interface Broker {
  name: string;
  /** FIFO brokers sell with `{}`; STRICT ones name the lot's cost and date. */
  booking: 'FIFO' | 'STRICT';
}
export const BROKERS: readonly Broker[] = [
  { name: 'Alpha', booking: 'FIFO' },
  { name: 'Beta', booking: 'STRICT' },
  { name: 'Gamma', booking: 'FIFO' },
  { name: 'Delta', booking: 'STRICT' },
];

export const US_BANKS = ['BofA', 'Chase', 'Wells'] as const;

export const CARDS: readonly { account: string; currency: string; payFrom: string }[] = [
  { account: 'Liabilities:Card:Slate', currency: 'USD', payFrom: 'Assets:US:BofA:Checking' },
  { account: 'Liabilities:Card:Sapphire', currency: 'USD', payFrom: 'Assets:US:Chase:Checking' },
  { account: 'Liabilities:Card:Amex', currency: 'USD', payFrom: 'Assets:US:BofA:Checking' },
  { account: 'Liabilities:Card:EuroCard', currency: 'EUR', payFrom: 'Assets:EU:Bank:Checking' },
];

export const WALLET = 'Assets:Cash:Wallet';
export const WALLET_PAD_SOURCE = 'Expenses:Food:Snacks';
export const OPENING = 'Equity:Opening-Balances';
export const SALARY_BANK = 'Assets:US:BofA:Checking';
export const EMPLOYERS = ['Babble', 'Hooli'] as const;

/** Expense tree: category -> sub-accounts (14 x 8 = 112 accounts). */
export const EXPENSES: Readonly<Record<string, readonly string[]>> = {
  Food: ['Groceries', 'Restaurant', 'Coffee', 'Bakery', 'Takeaway', 'Snacks', 'Lunch', 'Alcohol'],
  Home: ['Rent', 'Electricity', 'Water', 'Internet', 'Phone', 'Furniture', 'Repairs', 'Cleaning'],
  Transport: ['Tram', 'Bus', 'Taxi', 'Train', 'Fuel', 'Parking', 'BikeRepair', 'CarInsurance'],
  Health: ['Pharmacy', 'Doctor', 'Dentist', 'Optician', 'Gym', 'Therapy', 'Insurance', 'Vitamins'],
  Leisure: ['Cinema', 'Concerts', 'Books', 'Games', 'Museums', 'Sports', 'Streaming', 'Hobbies'],
  Clothing: ['Shoes', 'Outerwear', 'Basics', 'Accessories', 'Sportswear', 'Tailoring', 'Laundry', 'Kids'],
  Travel: ['Flights', 'Hotels', 'Rail', 'CarRental', 'Meals', 'Tours', 'Insurance', 'Souvenirs'],
  Gifts: ['Family', 'Friends', 'Charity', 'Weddings', 'Birthdays', 'Holidays', 'Office', 'Donations'],
  Education: ['Courses', 'Books', 'Tuition', 'Software', 'Conferences', 'Languages', 'Exams', 'Supplies'],
  Financial: ['Fees', 'Commissions', 'Interest', 'Insurance', 'Advice', 'Banking', 'Penalties', 'Exchange'],
  Pets: ['Food', 'Vet', 'Toys', 'Insurance', 'Grooming', 'Sitter', 'Supplies', 'Training'],
  Kids: ['Daycare', 'School', 'Toys', 'Clothes', 'Activities', 'Allowance', 'Books', 'Health'],
  Office: ['Supplies', 'Software', 'Hardware', 'Postage', 'Printing', 'Furniture', 'Coworking', 'Internet'],
  Misc: ['Unknown', 'Postage', 'Lottery', 'Fines', 'Subscriptions', 'Services', 'Storage', 'Other'],
};

/** Yearly tax accounts (opened each January, closed two years later like bean-example does). */
export const TAXES = ['Federal', 'State', 'SocSec', 'Medicare'] as const;

/** Budgets: name -> expense categories whose accounts carry `budget:` metadata naming it. */
export const BUDGETS: readonly { name: string; alias: string; category: string; expenses: readonly string[]; monthly: string }[] = [
  { name: 'Food', alias: 'Groceries and eating out', category: 'Living', expenses: ['Food'], monthly: '650.00' },
  { name: 'Home', alias: 'Home and utilities', category: 'Living', expenses: ['Home'], monthly: '2100.00' },
  { name: 'Transport', alias: 'Getting around', category: 'Living', expenses: ['Transport'], monthly: '220.00' },
  { name: 'Fun', alias: 'Leisure and travel', category: 'Leisure', expenses: ['Leisure', 'Travel'], monthly: '400.00' },
  { name: 'Kids', alias: 'Children', category: 'Family', expenses: ['Kids'], monthly: '300.00' },
];
/** The budget closed two thirds into the timeline (exercises budget-close). */
export const CLOSED_BUDGET = 'Kids';

export const PAYEES: Readonly<Record<string, readonly string[]>> = {
  Food: ['Whole Grains Market', 'Corner Cafe', 'Trattoria Roma', 'Sushi Zen', 'Farmers Market', 'Bakery Brot', 'Noodle Bar', 'Wine Cellar'],
  Home: ['City Power', 'Aqua Utilities', 'FiberNet', 'TalkMobile', 'Ikea-ish', 'Handy Repairs', 'Sparkle Cleaning'],
  Transport: ['Metro Transit', 'Yellow Cab', 'RailCo', 'Fuel Stop', 'Park & Go', 'Cycle Doctor'],
  Health: ['Green Cross Pharmacy', 'Dr. Smith', 'Bright Smiles Dental', 'Vision Center', 'Iron Gym'],
  Leisure: ['Cinema Paradiso', 'Live Hall', 'Page Turner Books', 'Game Vault', 'City Museum', 'StreamFlix'],
  Clothing: ['Shoe Box', 'Outdoor Gear', 'Basics & Co', 'Tailor Tom', 'Laundromat'],
  Travel: ['SkyAir', 'Hotel Central', 'EuroRail', 'RentACar', 'Tour Guides Ltd'],
  Gifts: ['Gift Shop', 'Flower Power', 'Red Cross', 'Toy Planet'],
  Education: ['Online Academy', 'University Bookstore', 'DevConf', 'Language School'],
  Financial: ['BofA', 'Chase', 'Insurance Mutual', 'Advisor LLC'],
  Pets: ['Pet Palace', 'Animal Clinic', 'Doggy Daycare'],
  Kids: ['Little Stars Daycare', 'School Office', 'Toy Planet', 'Swim Club'],
  Office: ['Paper Clip', 'Software Store', 'Post Office', 'Cowork Hub'],
  Misc: ['Storage Unit', 'Lottery Kiosk', 'City Hall', 'Various'],
};

export const TAGS = ['trip', 'shared', 'reimbursable', 'tax-deductible', 'gift', 'work', 'weekend', 'online'] as const;
export const CITIES = ['New Metropolis', 'Boston', 'Lisbon', 'Berlin', 'Kyoto', 'Chicago', 'Zurich', 'London'] as const;

/** Files the document directives point to; the CLI writes them next to the ledger (tiny, fixed content). */
export const DOCUMENT_FILES: readonly { path: string; content: string }[] = [
  { path: 'documents/statement.pdf', content: '%PDF-1.4\n% generated ledger statement placeholder\n%%EOF\n' },
  { path: 'documents/receipt.txt', content: 'Receipt (generated ledger)\n' },
  { path: 'documents/contract.txt', content: 'Brokerage agreement (generated ledger)\n' },
];
