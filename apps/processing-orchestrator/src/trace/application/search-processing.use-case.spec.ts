import { ErrorCode } from '@opp/errors';
import {
  ProcessingSearchStore,
  type FoundRequest,
  type ProcessingSearchFilter,
} from './processing-search.store';
import { SearchProcessingUseCase } from './search-processing.use-case';

const found = (n: number): FoundRequest => ({
  globalId: `aaaaaaaa-0000-4000-8000-00000000000${n}`,
  projectId: 3,
  partnerIdentifier: 'partner-a',
  status: 'FINISHED',
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
});

class FakeStore extends ProcessingSearchStore {
  filters: ProcessingSearchFilter[] = [];
  search(filter: ProcessingSearchFilter): Promise<FoundRequest[]> {
    this.filters.push(filter);
    return Promise.resolve([found(3), found(2), found(1)].slice(0, filter.limit));
  }
}

describe('SearchProcessingUseCase', () => {
  it('answers a page newest first with the cursor of its last request, statuses without case', async () => {
    const store = new FakeStore();
    const reply = await new SearchProcessingUseCase(store).execute({
      status: 'finished',
      globalIdPrefix: 'AAAA',
      limit: 2,
    });
    expect(store.filters[0]).toEqual({ status: 'FINISHED', globalIdPrefix: 'aaaa', limit: 3 });
    expect(reply).toEqual({
      ok: true,
      value: {
        items: [
          expect.objectContaining({
            kind: 'processing',
            id: found(3).globalId,
            partner: 'partner-a',
          }),
          expect.objectContaining({ id: found(2).globalId, createdAt: '2026-01-01T00:00:02.000Z' }),
        ],
        nextCursor: `2026-01-01T00:00:02.000Z_${found(2).globalId}`,
      },
    });
  });

  it('continues after the cursor, and refuses one it did not give', async () => {
    const store = new FakeStore();
    const search = new SearchProcessingUseCase(store);
    await search.execute({ limit: 5, cursor: `2026-01-01T00:00:02.000Z_${found(2).globalId}` });
    expect(store.filters[0].after).toEqual({
      createdAt: '2026-01-01T00:00:02.000Z',
      globalId: found(2).globalId,
    });
    const refused = await search.execute({ limit: 5, cursor: '42' });
    expect(refused).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidParameter } });
    expect(store.filters).toHaveLength(1);
  });
});
