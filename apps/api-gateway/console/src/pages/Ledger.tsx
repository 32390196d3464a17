import { when } from '../format';
import type { LedgerEntryView } from '../trace-types';

/** The journal entries the payment caused, each with its postings and the balances after it. */
export function Ledger({ entries }: { entries: LedgerEntryView[] }) {
  if (entries.length === 0) return <p>No ledger entries.</p>;
  return (
    <table class="ledger">
      <caption class="visually-hidden">Ledger postings and balances after each entry</caption>
      <thead>
        <tr>
          <th scope="col">Entry</th>
          <th scope="col">Account</th>
          <th scope="col" class="number">
            Debit
          </th>
          <th scope="col" class="number">
            Credit
          </th>
          <th scope="col" class="number">
            Balance after
          </th>
        </tr>
      </thead>
      {entries.map((entry) => {
        const balances = new Map(entry.balancesAfter.map((b) => [b.account, b]));
        const accounts = [
          ...new Set([
            ...entry.postings.map((p) => p.account),
            ...entry.balancesAfter.map((b) => b.account),
          ]),
        ];
        return (
          <tbody key={entry.id} class="entry">
            {accounts.map((account, row) => {
              const postings = entry.postings.filter((p) => p.account === account);
              const amount = (direction: 'debit' | 'credit') =>
                postings
                  .filter((p) => p.direction === direction)
                  .map((p) => `${p.amount} ${p.currency}`)
                  .join(', ') || '';
              const balance = balances.get(account);
              return (
                <tr key={account}>
                  {row === 0 && (
                    <th scope="rowgroup" rowSpan={accounts.length} class="entry-head">
                      <span class="tag kind">{entry.kind}</span>
                      <time dateTime={entry.at}>{when(entry.at)}</time>
                    </th>
                  )}
                  <td class="account">{account}</td>
                  <td class="number">{amount('debit')}</td>
                  <td class="number">{amount('credit')}</td>
                  <td class="number">{balance ? `${balance.balance} ${balance.currency}` : ''}</td>
                </tr>
              );
            })}
          </tbody>
        );
      })}
    </table>
  );
}
