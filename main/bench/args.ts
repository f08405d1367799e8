/** The command line of `npm run bench` (main/cli/bench.ts), apart so it can be tested. */

export interface BenchArgs {
  /** Ledgers to run the per-ledger sections on. */
  only: string[];
  /** Whether --only was given: then sections limited to some ledgers run on the named ones too. */
  onlyGiven: boolean;
  repeat: number;
  /**
   * Fresh processes per in-process section (parse, load, query) and per peer run (rustledger),
   * each figure the median of them: one cold run per figure swung by 20-40% between runs on the
   * shared 2-core machines.
   */
  runs: number;
  sections: string[];
}

/** Parses argv (after the script); returns the arguments or a message for the user. */
export function parseBenchArgs(argv: readonly string[], ledgers: readonly string[], sections: readonly string[]): BenchArgs | string {
  const args: BenchArgs = { only: [...ledgers], onlyGiven: false, repeat: 1, runs: 1, sections: [...sections] };
  const list = (v: string) => v.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    switch (argv[i]) {
      case '--only':
        if (!v) return '--only needs a list such as 10k,100k';
        args.only = list(v).map((s) => s.toLowerCase());
        for (const s of args.only) if (!ledgers.includes(s)) return `unknown ledger '${s}' (ledgers: ${ledgers.join(', ')})`;
        args.onlyGiven = true;
        i++;
        break;
      case '--repeat':
        if (!v || !/^[1-9]\d*$/.test(v)) return '--repeat needs a positive integer';
        args.repeat = Number(v);
        i++;
        break;
      case '--runs':
        if (!v || !/^[1-9]\d*$/.test(v)) return '--runs needs a positive integer';
        args.runs = Number(v);
        i++;
        break;
      case '--sections':
        if (!v) return '--sections needs a list such as parse,load';
        args.sections = list(v);
        for (const s of args.sections) if (!sections.includes(s)) return `unknown section '${s}' (sections: ${sections.join(', ')})`;
        i++;
        break;
      default:
        return `unknown option ${argv[i]}\nusage: npm run bench -- [--only ${ledgers.join(',')}] [--repeat N] [--runs N] [--sections ${sections.join(',')}]`;
    }
  }
  return args;
}

/**
 * Whether a per-ledger section runs on a ledger: a section limited to some ledgers (the xlarge
 * concurrency rows) runs only on those by default, and on any ledger named with --only.
 */
export function runsOn(section: { sizes?: readonly string[] }, size: string, args: Pick<BenchArgs, 'onlyGiven'>): boolean {
  return !section.sizes || args.onlyGiven || section.sizes.includes(size);
}
