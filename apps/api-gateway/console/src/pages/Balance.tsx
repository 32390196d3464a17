import type { AdminApi } from '../api';
import { Loading, PageTitle, Problem, useLoad } from '../components';
import { href } from '../router';
import type { BalanceHistory } from '../trace-types';
import { BalanceChart } from './BalanceChart';

export function BalancePage({ api, projectId }: { api: AdminApi; projectId: string }) {
  const [history] = useLoad(() => api.balanceHistory(projectId, 30), projectId);
  return (
    <>
      <PageTitle>Balance of project {projectId}, last 30 days</PageTitle>
      <nav aria-label="Project" class="tabs">
        <a href={href('projects', projectId, 'balance')} aria-current="page">
          balance
        </a>
        <a href={href('projects', projectId, 'deliveries')}>deliveries</a>
      </nav>
      {history.state === 'loading' && <Loading what="the balance" />}
      {history.state === 'failed' && <Problem error={history.error} />}
      {history.state === 'done' && <BalanceView history={history.value} />}
    </>
  );
}

function BalanceView({ history }: { history: BalanceHistory }) {
  const last = history.days[history.days.length - 1];
  return (
    <>
      <p class="big">
        Balance: <strong>{last ? `${last.balance} ${history.currency}` : '—'}</strong>
      </p>
      <BalanceChart history={history} />
      <details class="panel">
        <summary>The numbers, day by day</summary>
        <table>
          <caption class="visually-hidden">
            Daily payments, refunds, payouts, reserve and balance
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" class="number">
                Payments
              </th>
              <th scope="col" class="number">
                Refunds
              </th>
              <th scope="col" class="number">
                Payouts
              </th>
              <th scope="col" class="number">
                Reserve
              </th>
              <th scope="col" class="number">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {history.days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <td class="number">{day.payments}</td>
                <td class="number">{day.refunds}</td>
                <td class="number">{day.payouts}</td>
                <td class="number">{day.reserve}</td>
                <td class="number">{day.balance}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
