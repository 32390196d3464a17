import { useState } from 'preact/hooks';
import type { AdminApi } from '../api';
import { Loading, PageTitle, Problem, useLoad } from '../components';
import { href, hrefWithQuery } from '../router';
import type { DeliveryView, ResendDeadResult } from '../trace-types';
import { DeliveryList } from './Deliveries';

/** Choose a project, then its deliveries or its balance. */
export function ProjectsPage() {
  const [id, setId] = useState('');
  const [view, setView] = useState<'balance' | 'deliveries'>('balance');
  function submit(event: Event) {
    event.preventDefault();
    if (/^\d+$/.test(id.trim())) location.hash = href('projects', id.trim(), view);
  }
  return (
    <>
      <PageTitle>Projects</PageTitle>
      <form class="inline-form panel" onSubmit={submit}>
        <label for="project-id">Project id</label>
        <input
          id="project-id"
          inputMode="numeric"
          pattern="[0-9]+"
          required
          value={id}
          onInput={(event) => setId(event.currentTarget.value)}
        />
        <label for="project-view">View</label>
        <select
          id="project-view"
          value={view}
          onChange={(event) => setView(event.currentTarget.value as 'balance' | 'deliveries')}
        >
          <option value="balance">Balance, last 30 days</option>
          <option value="deliveries">Deliveries</option>
        </select>
        <button type="submit">Open</button>
      </form>
    </>
  );
}

const STATUSES = ['', 'pending', 'delivered', 'dead'] as const;

export function DeliveriesPage({
  api,
  projectId,
  query,
}: {
  api: AdminApi;
  projectId: string;
  query: URLSearchParams;
}) {
  const status = query.get('status') ?? '';
  const [page] = useLoad(
    () => api.deliveries(projectId, { status, limit: 50 }),
    `${projectId}:${status}`,
  );
  const [more, setMore] = useState<{ items: DeliveryView[]; cursor: string | null } | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [dead, setDead] = useState<ResendDeadResult | null>(null);

  async function next(cursor: string) {
    try {
      const answer = await api.deliveries(projectId, { status, limit: 50, cursor });
      setMore({ items: [...(more?.items ?? []), ...answer.items], cursor: answer.nextCursor });
    } catch (error) {
      setProblem(error);
    }
  }

  async function resendDead(dryRun: boolean) {
    setProblem(null);
    try {
      setDead(await api.resendDead(projectId, dryRun));
    } catch (error) {
      setProblem(error);
    }
  }

  const items = page.state === 'done' ? [...page.value.items, ...(more?.items ?? [])] : [];
  const cursor = more ? more.cursor : page.state === 'done' ? page.value.nextCursor : null;
  return (
    <>
      <PageTitle>Deliveries of project {projectId}</PageTitle>
      <nav aria-label="Delivery status" class="tabs">
        {STATUSES.map((value) => (
          <a
            key={value}
            href={hrefWithQuery(href('projects', projectId, 'deliveries'), { status: value })}
            aria-current={value === status ? 'page' : undefined}
          >
            {value || 'all'}
          </a>
        ))}
        <a href={href('projects', projectId, 'balance')}>balance</a>
      </nav>
      <section aria-labelledby="dead-title" class="panel">
        <h2 id="dead-title">Dead deliveries</h2>
        <div class="actions">
          <button type="button" class="secondary" onClick={() => void resendDead(true)}>
            Count dead deliveries
          </button>
          <button
            type="button"
            disabled={dead === null || !dead.dryRun || dead.count === 0}
            onClick={() => void resendDead(false)}
          >
            Resend all dead
          </button>
          <p role="status">
            {dead === null
              ? ''
              : dead.dryRun
                ? `${dead.count} dead ${dead.count === 1 ? 'delivery' : 'deliveries'} would be resent.`
                : `${dead.count} resent.`}
          </p>
        </div>
      </section>
      {problem !== null && <Problem error={problem} />}
      <section aria-labelledby="list-title">
        <h2 id="list-title">{status ? `${status[0].toUpperCase()}${status.slice(1)}` : 'All'}</h2>
        {page.state === 'loading' && <Loading what="deliveries" />}
        {page.state === 'failed' && <Problem error={page.error} />}
        {page.state === 'done' && <DeliveryList api={api} deliveries={items} />}
        {cursor && (
          <button type="button" class="secondary" onClick={() => void next(cursor)}>
            More deliveries
          </button>
        )}
      </section>
    </>
  );
}
