import { Accounts } from './accounts';
import { balancedEntry, credit, debit, UnbalancedEntryError } from './journal-entry';
import { completedPaymentEntry, verificationEntries } from './postings';

const totals = (lines: { debit: bigint; credit: bigint }[]) =>
  lines.reduce((sum, l) => ({ debit: sum.debit + l.debit, credit: sum.credit + l.credit }), {
    debit: 0n,
    credit: 0n,
  });

describe('journal entries (double entry)', () => {
  const entry = (lines: ReturnType<typeof debit>[]) =>
    balancedEntry({ projectId: 1, transactionId: 1, kind: 'test', lines });

  it('accepts debits equal to credits', () => {
    expect(entry([debit('a', 'EUR', 100n), credit('b', 'EUR', 100n)]).lines).toHaveLength(2);
  });

  it('refuses an entry off by one minor unit', () => {
    expect(() => entry([debit('a', 'EUR', 100n), credit('b', 'EUR', 99n)])).toThrow(
      UnbalancedEntryError,
    );
  });

  it('balances per currency, not across currencies', () => {
    expect(() =>
      entry([
        debit('a', 'EUR', 100n),
        credit('b', 'USD', 100n),
        debit('c', 'USD', 100n),
        credit('d', 'EUR', 99n),
      ]),
    ).toThrow(/EUR/);
  });

  it('needs two lines that move money', () => {
    expect(() => entry([debit('a', 'EUR', 0n), credit('b', 'EUR', 0n)])).toThrow(/fewer than 2/);
  });

  it('turns a negative amount into the other side', () => {
    expect(credit('a', 'EUR', -5n)).toEqual({
      account: 'a',
      currency: 'EUR',
      debit: 5n,
      credit: 0n,
    });
  });

  it('posts a payment as gross = net + fee', () => {
    const posted = completedPaymentEntry({
      projectId: 7,
      transactionId: 1,
      currency: 'EUR',
      grossMinor: 1000n,
      feeMinor: 55n,
    });
    expect(posted.lines).toEqual([
      debit(Accounts.acquirerClearing, 'EUR', 1000n),
      credit(Accounts.merchantAvailable(7), 'EUR', 945n),
      credit(Accounts.feeRevenue, 'EUR', 55n),
    ]);
    const { debit: d, credit: c } = totals(posted.lines);
    expect(d).toBe(c);
  });

  it('leaves out a zero fee and debits the merchant when the fee exceeds the price', () => {
    const noFee = completedPaymentEntry({
      projectId: 7,
      transactionId: 1,
      currency: 'EUR',
      grossMinor: 1000n,
      feeMinor: 0n,
    });
    expect(noFee.lines).toHaveLength(2);
    const feeAbove = completedPaymentEntry({
      projectId: 7,
      transactionId: 1,
      currency: 'EUR',
      grossMinor: 10n,
      feeMinor: 30n,
    });
    expect(feeAbove.lines[1]).toEqual(debit(Accounts.merchantAvailable(7), 'EUR', 20n));
  });

  it('holds and releases a verification to a net zero', () => {
    const entries = verificationEntries({
      projectId: 7,
      transactionId: 1,
      currency: 'EUR',
      grossMinor: 100n,
      feeMinor: 0n,
    });
    expect(entries.map((e) => e.kind)).toEqual(['verification-hold', 'verification-release']);
    const net = new Map<string, bigint>();
    for (const line of entries.flatMap((e) => e.lines)) {
      net.set(line.account, (net.get(line.account) ?? 0n) + line.debit - line.credit);
    }
    expect([...net.values()].every((v) => v === 0n)).toBe(true);
  });
});
