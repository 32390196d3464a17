import { useState } from 'preact/hooks';
import type { AdminApi } from '../api';
import { Loading, PageTitle, Problem, Status, useLoad } from '../components';
import { money, when } from '../format';
import { href, hrefWithQuery } from '../router';
import type { TraceSearchItem, TraceSearchResult } from '../trace-types';

/**
 * The admin search's filters (ADR 0066). Payments finds transactions and the orchestrator
 * processing requests; a filter only one kind has (type, amounts, order id, e-mail; partner,
 * GlobalId) searches that kind alone, and the admin API refuses filters of both kinds together.
 */
const FIELDS = [
  { name: 'kind', label: 'Kind', type: 'select', inputMode: 'none' },
  { name: 'projectId', label: 'Project id', type: 'text', inputMode: 'numeric' },
  { name: 'status', label: 'Status', type: 'text', inputMode: 'text' },
  { name: 'type', label: 'Type (transactions)', type: 'text', inputMode: 'text' },
  {
    name: 'orderIdPrefix',
    label: 'Order id starts with (transactions)',
    type: 'text',
    inputMode: 'text',
  },
  { name: 'email', label: 'User email (transactions)', type: 'text', inputMode: 'email' },
  { name: 'amountMin', label: 'Amount from (transactions)', type: 'text', inputMode: 'decimal' },
  { name: 'amountMax', label: 'Amount to (transactions)', type: 'text', inputMode: 'decimal' },
  { name: 'partner', label: 'Partner (processing)', type: 'text', inputMode: 'text' },
  {
    name: 'globalIdPrefix',
    label: 'GlobalId starts with (processing)',
    type: 'text',
    inputMode: 'text',
  },
  { name: 'from', label: 'Created from (UTC)', type: 'datetime-local', inputMode: 'none' },
  { name: 'to', label: 'Created before (UTC)', type: 'datetime-local', inputMode: 'none' },
] as const;

const KINDS = [
  { value: '', label: 'All kinds' },
  { value: 'transaction', label: 'Payments only' },
  { value: 'processing', label: 'Processing only' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `datetime-local` values are read as UTC, as every time in the console is shown. */
function toIso(value: string): string {
  return value ? `${value.length === 16 ? `${value}:00` : value}Z` : '';
}

function linkOf(item: TraceSearchItem): string {
  return item.kind === 'processing' ? href('processing', item.id) : href('transactions', item.id);
}

export function SearchPage({ api, query }: { api: AdminApi; query: URLSearchParams }) {
  const initial = Object.fromEntries(
    FIELDS.map(({ name }) => [name, query.get(name) ?? '']),
  ) as Record<FieldName, string>;
  const [form, setForm] = useState(initial);
  const [openId, setOpenId] = useState('');
  const [more, setMore] = useState<{
    items: TraceSearchItem[];
    cursor: string | null;
    missing: TraceSearchResult['missing'];
  } | null>(null);
  const [moreProblem, setMoreProblem] = useState<unknown>(null);
  const filters = () => {
    const values: Record<string, string> = {};
    for (const { name } of FIELDS) {
      const value = initial[name].trim();
      if (value) values[name] = name === 'from' || name === 'to' ? toIso(value) : value;
    }
    return values;
  };
  const key = query.toString();
  const [results] = useLoad(() => {
    setMore(null);
    return api.search({ ...filters(), limit: 25 });
  }, key);

  function submit(event: Event) {
    event.preventDefault();
    location.hash = hrefWithQuery('#/search', form);
  }

  function open(event: Event) {
    event.preventDefault();
    const id = openId.trim();
    if (!id) return;
    location.hash = UUID.test(id) ? href('processing', id) : href('transactions', id);
  }

  async function loadMore(cursor: string) {
    setMoreProblem(null);
    try {
      const page = await api.search({ ...filters(), limit: 25, cursor });
      setMore({
        items: [...(more?.items ?? []), ...page.items],
        cursor: page.nextCursor,
        missing: page.missing,
      });
    } catch (error) {
      setMoreProblem(error);
    }
  }

  const items = results.state === 'done' ? [...results.value.items, ...(more?.items ?? [])] : [];
  const cursor = more ? more.cursor : results.state === 'done' ? results.value.nextCursor : null;
  const missing = more ? more.missing : results.state === 'done' ? results.value.missing : [];

  return (
    <>
      <PageTitle>Search payments and processing requests</PageTitle>
      <section aria-labelledby="open-title" class="panel">
        <h2 id="open-title">Open by id</h2>
        <form class="inline-form" onSubmit={open}>
          <label for="open-id">Transaction id or processing global id</label>
          <input
            id="open-id"
            value={openId}
            onInput={(event) => setOpenId(event.currentTarget.value)}
            autocomplete="off"
          />
          <button type="submit">Open</button>
        </form>
      </section>
      <section aria-labelledby="filters-title" class="panel">
        <h2 id="filters-title">Filters</h2>
        <form
          class="filters"
          onSubmit={submit}
          role="search"
          aria-label="Payments and processing requests"
        >
          {FIELDS.map((field) => (
            <div class="field" key={field.name}>
              <label for={`f-${field.name}`}>{field.label}</label>
              {field.type === 'select' ? (
                <select
                  id={`f-${field.name}`}
                  name={field.name}
                  value={form[field.name]}
                  onChange={(event) =>
                    setForm({ ...form, [field.name]: event.currentTarget.value })
                  }
                >
                  {KINDS.map((kind) => (
                    <option key={kind.value} value={kind.value}>
                      {kind.label}
                    </option>
                  ))}
                </select>
              ) : field.type === 'datetime-local' ? (
                <input
                  id={`f-${field.name}`}
                  name={field.name}
                  type="datetime-local"
                  step={1}
                  value={form[field.name]}
                  onInput={(event) => setForm({ ...form, [field.name]: event.currentTarget.value })}
                />
              ) : (
                <input
                  id={`f-${field.name}`}
                  name={field.name}
                  type="text"
                  inputMode={field.inputMode}
                  value={form[field.name]}
                  onInput={(event) => setForm({ ...form, [field.name]: event.currentTarget.value })}
                />
              )}
            </div>
          ))}
          <div class="actions">
            <button type="submit">Search</button>
            <a class="button secondary" href="#/search">
              Clear
            </a>
          </div>
        </form>
      </section>
      <section aria-labelledby="results-title">
        <h2 id="results-title">Results</h2>
        {results.state === 'loading' && <Loading what="results" />}
        {results.state === 'failed' && <Problem error={results.error} />}
        {missing.length > 0 && (
          <p class="problem" role="status">
            Not answered in time, left out of these results:{' '}
            {missing.map((m) => m.service).join(', ')}
          </p>
        )}
        {results.state === 'done' && items.length === 0 && <p>Nothing matches.</p>}
        {items.length > 0 && (
          <table class="results">
            <caption class="visually-hidden">Matching payments and processing requests</caption>
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Kind</th>
                <th scope="col">Project</th>
                <th scope="col">Order id</th>
                <th scope="col">Partner</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col" class="number">
                  Amount
                </th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={`${item.kind}:${item.id}`}>
                  <td>
                    <a href={linkOf(item)}>{item.id}</a>
                  </td>
                  <td>{item.kind}</td>
                  <td>{item.projectId}</td>
                  <td>{item.orderId ?? '—'}</td>
                  <td>{item.partner ?? '—'}</td>
                  <td>{item.type ?? '—'}</td>
                  <td>
                    <Status value={item.status} />
                  </td>
                  <td class="number">{money(item.amount, item.currency)}</td>
                  <td>{when(item.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {cursor && (
          <button type="button" class="secondary" onClick={() => void loadMore(cursor)}>
            More results
          </button>
        )}
        {moreProblem !== null && <Problem error={moreProblem} />}
      </section>
    </>
  );
}
