import type { AdminApi } from '../api';
import { Loading, PageTitle, Problem, Status, useLoad } from '../components';
import { money } from '../format';
import { href } from '../router';
import type { MoneyTrace } from '../trace-types';
import { DeliveryList } from './Deliveries';
import { Ledger } from './Ledger';
import { TaskTree } from './TaskTree';
import { Timeline } from './Timeline';

export type TraceTarget =
  | { kind: 'transaction'; id: string }
  | { kind: 'order'; projectId: string; orderId: string }
  | { kind: 'processing'; id: string };

function load(api: AdminApi, target: TraceTarget): Promise<MoneyTrace> {
  switch (target.kind) {
    case 'transaction':
      return api.transaction(target.id);
    case 'order':
      return api.order(target.projectId, target.orderId);
    case 'processing':
      return api.processing(target.id);
  }
}

function titleOf(target: TraceTarget): string {
  switch (target.kind) {
    case 'transaction':
      return `Payment ${target.id}`;
    case 'order':
      return `Order ${target.orderId} of project ${target.projectId}`;
    case 'processing':
      return `Processing request ${target.id}`;
  }
}

/** A payment or processing request: its summary, timeline, ledger beside it, tree and callbacks. */
export function TracePage({ api, target }: { api: AdminApi; target: TraceTarget }) {
  const [trace] = useLoad(() => load(api, target), JSON.stringify(target));
  return (
    <>
      <PageTitle>{titleOf(target)}</PageTitle>
      {trace.state === 'loading' && <Loading what="the trace" />}
      {trace.state === 'failed' && <Problem error={trace.error} />}
      {trace.state === 'done' && <TraceView api={api} trace={trace.value} />}
    </>
  );
}

function TraceView({ api, trace }: { api: AdminApi; trace: MoneyTrace }) {
  const { subject } = trace;
  return (
    <>
      {trace.missing.length > 0 && (
        <p class="problem" role="alert">
          Incomplete:{' '}
          {trace.missing
            .map((part) => `${part.service} did not answer (${part.reason})`)
            .join('; ')}
        </p>
      )}
      <dl class="summary" aria-label="Summary">
        <div>
          <dt>Status</dt>
          <dd>
            <Status value={subject.status} />
          </dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{subject.type ?? '—'}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{money(subject.amount, subject.currency)}</dd>
        </div>
        <div>
          <dt>Project</dt>
          <dd>
            {subject.projectId} <a href={href('projects', subject.projectId, 'balance')}>balance</a>
            {', '}
            <a href={href('projects', subject.projectId, 'deliveries')}>deliveries</a>
          </dd>
        </div>
        <div>
          <dt>Order id</dt>
          <dd>{subject.orderId ?? '—'}</dd>
        </div>
        <div>
          <dt>Id</dt>
          <dd>
            <code>{subject.id}</code>
          </dd>
        </div>
      </dl>
      {subject.kind === 'processing' && (
        <section aria-labelledby="tree-title" class="panel">
          <h2 id="tree-title">Task tree</h2>
          <TaskTree tasks={trace.tasks} />
        </section>
      )}
      <div class="columns">
        <section aria-labelledby="timeline-title" class="panel">
          <h2 id="timeline-title">Timeline</h2>
          <Timeline steps={trace.steps} />
        </section>
        <section aria-labelledby="ledger-title" class="panel">
          <h2 id="ledger-title">Ledger</h2>
          <Ledger entries={trace.ledger} />
        </section>
      </div>
      <section aria-labelledby="callbacks-title" class="panel">
        <h2 id="callbacks-title">Callbacks and notifications</h2>
        <DeliveryList api={api} deliveries={trace.deliveries} />
      </section>
    </>
  );
}
