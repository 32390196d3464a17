import {
  replyError,
  replyOk,
  type Reply,
  type SearchProcessingV1,
  type SearchTransactionsV1,
  type TraceSearchItem,
  type TraceSearchPage,
} from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor';
import { TraceSearchSources } from './search-sources';
import { SearchTraceUseCase } from './search-trace.use-case';

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

const transaction = (id: number, second: number): TraceSearchItem => ({
  kind: 'transaction',
  id: String(id),
  projectId: 1,
  orderId: `o-${id}`,
  type: 'payment',
  status: 'completed',
  amount: '1.00',
  currency: 'EUR',
  createdAt: at(second),
});

const request = (id: string, second: number): TraceSearchItem => ({
  kind: 'processing',
  id,
  projectId: 1,
  orderId: null,
  type: null,
  status: 'FINISHED',
  amount: null,
  currency: null,
  createdAt: at(second),
  partner: 'p',
});

/** Each service as it answers: newest first, after the cursor (the last item's own fields). */
class FakeSources extends TraceSearchSources {
  asked: Array<{ kind: string; query: SearchTransactionsV1 | SearchProcessingV1 }> = [];
  failing = new Set<string>();
  refusing = new Set<string>();

  constructor(
    private readonly transactionList: TraceSearchItem[],
    private readonly requestList: TraceSearchItem[],
  ) {
    super();
  }

  transactions(query: SearchTransactionsV1): Promise<Reply<TraceSearchPage>> {
    return this.answer('transaction', query, this.transactionList, (i) => i.id);
  }

  processing(query: SearchProcessingV1): Promise<Reply<TraceSearchPage>> {
    return this.answer('processing', query, this.requestList, (i) => `${i.createdAt}_${i.id}`);
  }

  private answer(
    kind: string,
    query: { limit: number; cursor?: string },
    list: TraceSearchItem[],
    cursorOf: (item: TraceSearchItem) => string,
  ): Promise<Reply<TraceSearchPage>> {
    this.asked.push({ kind, query });
    if (this.failing.has(kind)) return Promise.reject(new Error(`no reply to ${kind} in time`));
    if (this.refusing.has(kind)) {
      return Promise.resolve(replyError(ErrorCode.InvalidParameter, 'cursor is not one'));
    }
    const from =
      query.cursor === undefined ? 0 : list.findIndex((i) => cursorOf(i) === query.cursor) + 1;
    const items = list.slice(from, from + query.limit);
    const more = from + query.limit < list.length;
    return Promise.resolve(
      replyOk({ items, nextCursor: more ? cursorOf(items[items.length - 1]) : null }),
    );
  }
}

// Interleaved in time; two of them in one second, across kinds.
const TRANSACTIONS = [
  transaction(9, 50),
  transaction(7, 40),
  transaction(5, 30),
  transaction(2, 10),
];
const REQUESTS = [
  request('aaaaaaaa-0000-4000-8000-000000000004', 45),
  request('aaaaaaaa-0000-4000-8000-000000000003', 40),
  request('aaaaaaaa-0000-4000-8000-000000000002', 20),
  request('aaaaaaaa-0000-4000-8000-000000000001', 5),
];

describe('SearchTraceUseCase', () => {
  it('merges transactions and processing requests newest first, every item once across pages', async () => {
    const sources = new FakeSources(TRANSACTIONS, REQUESTS);
    const search = new SearchTraceUseCase(sources);
    const seen: TraceSearchItem[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const answer = await search.execute({ limit: 3, ...(cursor ? { cursor } : {}) });
      expect(answer.missing).toEqual([]);
      seen.push(...answer.items);
      if (answer.nextCursor === null) break;
      cursor = answer.nextCursor;
    }
    expect(seen.map((i) => `${i.kind}:${i.id}`)).toEqual(
      [...TRANSACTIONS, ...REQUESTS]
        .sort(
          (a, b) => b.createdAt.localeCompare(a.createdAt) || (a.kind === 'transaction' ? -1 : 1),
        )
        .map((i) => `${i.kind}:${i.id}`),
    );
    // Three pages of three, each service asked once a page.
    expect(sources.asked.map((a) => a.kind)).toEqual([
      'transaction',
      'processing',
      'transaction',
      'processing',
      'transaction',
      'processing',
    ]);
  });

  it('does not ask again for a kind whose service said it has no more', async () => {
    const sources = new FakeSources(TRANSACTIONS, REQUESTS);
    const answer = await new SearchTraceUseCase(sources).execute({ limit: 10, cursor: 't!' });
    expect(sources.asked.map((a) => a.kind)).toEqual(['processing']);
    expect(answer.items).toHaveLength(4);
    expect(answer.nextCursor).toBeNull();
  });

  it('asks one service only when a filter only its kind has is set, or the kind is named', async () => {
    const sources = new FakeSources(TRANSACTIONS, REQUESTS);
    const search = new SearchTraceUseCase(sources);
    const byEmail = await search.execute({ email: 'a@example.com', projectId: 1, limit: 10 });
    expect(byEmail.items.every((i) => i.kind === 'transaction')).toBe(true);
    const byPartner = await search.execute({ partner: 'p', status: 'finished', limit: 10 });
    expect(byPartner.items.every((i) => i.kind === 'processing')).toBe(true);
    const byKind = await search.execute({ kind: 'processing', limit: 10 });
    expect(byKind.items).toHaveLength(4);
    expect(sources.asked.map((a) => a.kind)).toEqual(['transaction', 'processing', 'processing']);
    // Each service gets its own filters and the shared ones, nothing else.
    expect(sources.asked[0].query).toEqual({ email: 'a@example.com', projectId: 1, limit: 10 });
    expect(sources.asked[1].query).toEqual({ partner: 'p', status: 'finished', limit: 10 });
  });

  it('refuses filters of both kinds together, and a kind its filters cannot find, with a 400', async () => {
    const search = new SearchTraceUseCase(new FakeSources(TRANSACTIONS, REQUESTS));
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof ApiError ? [error.status, error.message] : error),
      );
    expect(await refused(search.execute({ email: 'a@b.c', partner: 'p', limit: 5 }))).toEqual([
      400,
      expect.stringContaining('search one kind at a time'),
    ]);
    expect(
      await refused(search.execute({ kind: 'transaction', globalIdPrefix: 'ab', limit: 5 })),
    ).toEqual([400, expect.stringContaining('globalIdPrefix cannot find a transaction')]);
    expect(await refused(search.execute({ cursor: 'x:1', limit: 5 }))).toEqual([
      400,
      expect.stringContaining('cursor is not one this search gave'),
    ]);
  });

  it('names a service that does not answer in missing and asks it again from where it stood', async () => {
    const sources = new FakeSources(TRANSACTIONS, REQUESTS);
    sources.failing.add('processing');
    const search = new SearchTraceUseCase(sources);
    const first = await search.execute({ limit: 2 });
    expect(first.items.map((i) => i.id)).toEqual(['9', '7']);
    expect(first.missing).toEqual([
      { service: 'processing-orchestrator', reason: 'no reply to processing in time' },
    ]);
    sources.failing.clear();
    const next = await search.execute({ limit: 2, cursor: first.nextCursor! });
    // The orchestrator from its start: its requests newer than the transactions still to come.
    expect(next.items.map((i) => i.id)).toEqual([
      'aaaaaaaa-0000-4000-8000-000000000004',
      'aaaaaaaa-0000-4000-8000-000000000003',
    ]);
  });

  it('is a 503 when neither service answers, and a service’s refusal is the operator’s 400', async () => {
    const sources = new FakeSources(TRANSACTIONS, REQUESTS);
    sources.failing.add('processing').add('transaction');
    const search = new SearchTraceUseCase(sources);
    await expect(search.execute({ limit: 2 })).rejects.toMatchObject({ status: 503 });
    sources.failing.clear();
    sources.refusing.add('processing');
    await expect(search.execute({ limit: 2 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('the search cursor', () => {
  it('keeps each kind’s position, and is none once every kind is done', () => {
    const positions = {
      transaction: { at: 'end' as const },
      processing: { at: 'after' as const, cursor: '2026-01-01T00:00:00.000Z_ab' },
    };
    const text = encodeSearchCursor(positions);
    expect(decodeSearchCursor(text!)).toEqual(positions);
    expect(
      encodeSearchCursor({ transaction: { at: 'end' }, processing: { at: 'end' } }),
    ).toBeNull();
    expect(decodeSearchCursor('t:1~t:2')).toBeNull();
    expect(decodeSearchCursor('')).toBeNull();
  });
});
