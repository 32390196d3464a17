import { useState } from 'preact/hooks';
import type { AdminApi } from '../api';
import { Problem, Status } from '../components';
import { when } from '../format';
import type { DeliveryView } from '../trace-types';

function Attempts({ delivery }: { delivery: DeliveryView }) {
  if (delivery.attempts.length === 0) return <p class="muted">No attempt yet.</p>;
  return (
    <table class="attempts">
      <caption class="visually-hidden">Attempts of delivery {delivery.id}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">At</th>
          <th scope="col" class="number">
            HTTP status
          </th>
          <th scope="col" class="number">
            Latency
          </th>
          <th scope="col">Error</th>
          <th scope="col">Next retry</th>
        </tr>
      </thead>
      <tbody>
        {delivery.attempts.map((attempt, index) => (
          <tr key={index}>
            <td>{index + 1}</td>
            <td>{when(attempt.at)}</td>
            <td class="number">{attempt.httpStatus ?? '—'}</td>
            <td class="number">{attempt.latencyMs === null ? '—' : `${attempt.latencyMs} ms`}</td>
            <td>{attempt.error ?? ''}</td>
            <td>{when(attempt.nextRetryAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One delivery with its attempts and a Resend button; the answer replaces what is shown. */
export function DeliveryCard({ api, initial }: { api: AdminApi; initial: DeliveryView }) {
  const [delivery, setDelivery] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [problem, setProblem] = useState<unknown>(null);

  async function resend() {
    setBusy(true);
    setOutcome(null);
    setProblem(null);
    try {
      const answer = await api.resend(delivery.id);
      setDelivery(answer);
      setOutcome({ ok: true, text: `Resend accepted: the delivery is ${answer.status}.` });
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  }

  const titleId = `delivery-${delivery.id}`;
  return (
    <article class="delivery" aria-labelledby={titleId} data-delivery-id={delivery.id}>
      <header class="delivery-head">
        <h3 id={titleId}>
          {delivery.event} <span class="muted">to</span>{' '}
          <span class="target">{delivery.target}</span>
        </h3>
        <Status value={delivery.status} />
      </header>
      <p class="muted small">
        Delivery <code>{delivery.id}</code>, {delivery.attempts.length} attempt
        {delivery.attempts.length === 1 ? '' : 's'}
      </p>
      <Attempts delivery={delivery} />
      <div class="actions">
        <button
          type="button"
          onClick={() => void resend()}
          disabled={busy}
          aria-describedby={titleId}
        >
          {busy ? 'Resending…' : 'Resend'}
        </button>
        <p role="status" class={outcome?.ok ? 'ok' : ''}>
          {outcome?.text ?? ''}
        </p>
      </div>
      {problem !== null && <Problem error={problem} />}
    </article>
  );
}

export function DeliveryList({ api, deliveries }: { api: AdminApi; deliveries: DeliveryView[] }) {
  if (deliveries.length === 0) return <p>No deliveries.</p>;
  return (
    <div class="deliveries">
      {deliveries.map((delivery) => (
        <DeliveryCard key={delivery.id} api={api} initial={delivery} />
      ))}
    </div>
  );
}
