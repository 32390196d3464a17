import { Injectable } from '@nestjs/common';
import type {
  TraceMissingPart,
  TraceSearchItem,
  TraceSearchPage,
  TraceSearchResult,
} from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import {
  decodeSearchCursor,
  encodeSearchCursor,
  SEARCH_KINDS,
  startPositions,
  type KindPosition,
  type SearchKind,
} from './search-cursor';
import { TraceSearchSources } from './search-sources';

/** The admin search's filters, as the route read them. */
export interface TraceSearchFilter {
  kind?: SearchKind;
  projectId?: number;
  status?: string;
  from?: string;
  to?: string;
  type?: string;
  amountMin?: string;
  amountMax?: string;
  currency?: string;
  orderIdPrefix?: string;
  email?: string;
  partner?: string;
  globalIdPrefix?: string;
  limit: number;
  cursor?: string;
}

type FilterName = Exclude<keyof TraceSearchFilter, 'kind' | 'limit' | 'cursor'>;

const SHARED = ['projectId', 'status', 'from', 'to'] as const;
/** Filters that only one kind has: setting one searches that kind alone. */
const TRANSACTION_ONLY = [
  'type',
  'amountMin',
  'amountMax',
  'currency',
  'orderIdPrefix',
  'email',
] as const;
const PROCESSING_ONLY = ['partner', 'globalIdPrefix'] as const;
const ONLY: Record<SearchKind, readonly FilterName[]> = {
  transaction: TRANSACTION_ONLY,
  processing: PROCESSING_ONLY,
};

const SERVICE = { transaction: 'payments', processing: 'processing-orchestrator' } as const;

type KindPage =
  | { kind: SearchKind; page: TraceSearchPage }
  | { kind: SearchKind; page: null; missing: TraceMissingPart };

/**
 * The admin search (ADR 0066): payments answers for transactions and the orchestrator for
 * processing requests, each from its own records over its request topic, asked in parallel; the
 * gateway merges the two pages newest first. The cursor keeps each kind's position, so a page
 * that shows some of one service's items continues after the last one shown. A service that does
 * not answer in time is named in `missing` and asked again from where it stood on the next page;
 * its refusal (a bad cursor, a bad value) is the operator's 400.
 */
@Injectable()
export class SearchTraceUseCase {
  constructor(private readonly sources: TraceSearchSources) {}

  async execute(filter: TraceSearchFilter): Promise<TraceSearchResult> {
    const kinds = kindsSearched(filter);
    const positions =
      filter.cursor === undefined ? startPositions() : decodeSearchCursor(filter.cursor);
    if (!positions) {
      throw ApiError.of(ErrorCode.InvalidParameter, 'cursor is not one this search gave');
    }
    for (const kind of SEARCH_KINDS) {
      if (!kinds.includes(kind)) positions[kind] = { at: 'end' };
    }
    const asked = await Promise.all(
      kinds
        .filter((kind) => positions[kind].at !== 'end')
        .map((kind) => this.page(kind, filter, positions[kind])),
    );
    const answered = asked.flatMap((a) => (a.page ? [{ kind: a.kind, page: a.page }] : []));
    if (asked.length > 0 && answered.length === 0) throw ApiError.of(ErrorCode.ServiceUnavailable);
    const { items, taken } = newestFirst(answered, filter.limit);
    for (const { kind, page } of answered) {
      positions[kind] = positionAfter(page, taken.get(kind) ?? 0, positions[kind]);
    }
    return {
      items,
      nextCursor: encodeSearchCursor(positions),
      missing: asked.flatMap((a) => (a.page ? [] : [a.missing])),
    };
  }

  private async page(
    kind: SearchKind,
    filter: TraceSearchFilter,
    position: KindPosition,
  ): Promise<KindPage> {
    const paging = {
      limit: filter.limit,
      ...(position.at === 'after' ? { cursor: position.cursor } : {}),
    };
    let reply;
    try {
      reply =
        kind === 'transaction'
          ? await this.sources.transactions({
              ...pick(filter, [...SHARED, ...TRANSACTION_ONLY]),
              ...paging,
            })
          : await this.sources.processing({
              ...pick(filter, [...SHARED, ...PROCESSING_ONLY]),
              ...paging,
            });
    } catch (error) {
      return {
        kind,
        page: null,
        missing: { service: SERVICE[kind], reason: (error as Error).message },
      };
    }
    return { kind, page: answerOrThrow(reply) };
  }
}

function kindsSearched(filter: TraceSearchFilter): SearchKind[] {
  const set = (kind: SearchKind) => ONLY[kind].filter((name) => filter[name] !== undefined);
  const kinds = SEARCH_KINDS.filter(
    (kind) =>
      (filter.kind === undefined || filter.kind === kind) &&
      set(kind === 'transaction' ? 'processing' : 'transaction').length === 0,
  );
  if (kinds.length > 0) return kinds;
  const [transactionOnly, processingOnly] = [set('transaction'), set('processing')];
  throw ApiError.of(
    ErrorCode.InvalidParameter,
    filter.kind === undefined
      ? `${transactionOnly.join(', ')} find only transactions and ${processingOnly.join(', ')} ` +
          'only processing requests: search one kind at a time'
      : `${(filter.kind === 'transaction' ? processingOnly : transactionOnly).join(', ')} ` +
          `cannot find a ${filter.kind}`,
  );
}

function pick<K extends FilterName>(
  filter: TraceSearchFilter,
  names: readonly K[],
): Pick<TraceSearchFilter, K> {
  const picked: Partial<Pick<TraceSearchFilter, K>> = {};
  for (const name of names) {
    if (filter[name] !== undefined) picked[name] = filter[name];
  }
  return picked as Pick<TraceSearchFilter, K>;
}

/** Takes the newer head of the pages until the page is full: each page's items stay in order. */
function newestFirst(
  pages: Array<{ kind: SearchKind; page: TraceSearchPage }>,
  limit: number,
): { items: TraceSearchItem[]; taken: Map<SearchKind, number> } {
  const taken = new Map(pages.map(({ kind }) => [kind, 0]));
  const items: TraceSearchItem[] = [];
  while (items.length < limit) {
    let newest: { kind: SearchKind; item: TraceSearchItem } | undefined;
    for (const { kind, page } of pages) {
      const item = page.items[taken.get(kind) ?? 0];
      if (item && (!newest || Date.parse(item.createdAt) > Date.parse(newest.item.createdAt))) {
        newest = { kind, item };
      }
    }
    if (!newest) break;
    items.push(newest.item);
    taken.set(newest.kind, (taken.get(newest.kind) ?? 0) + 1);
  }
  return { items, taken };
}

/**
 * Where a kind stands once `shown` of its page are on the merged page: done when all were and its
 * service has no more; after the last one shown otherwise (its service's cursor is the item's own
 * fields: a transaction's id, a request's `<createdAt>_<id>`); where it stood when none was shown.
 */
function positionAfter(page: TraceSearchPage, shown: number, before: KindPosition): KindPosition {
  if (shown === page.items.length) {
    return page.nextCursor === null ? { at: 'end' } : { at: 'after', cursor: page.nextCursor };
  }
  if (shown === 0) return before;
  const last = page.items[shown - 1];
  return {
    at: 'after',
    cursor: last.kind === 'processing' ? `${last.createdAt}_${last.id}` : last.id,
  };
}
