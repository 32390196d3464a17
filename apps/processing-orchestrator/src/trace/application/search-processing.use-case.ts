import { Injectable } from '@nestjs/common';
import {
  replyError,
  replyOk,
  type Reply,
  type SearchProcessingV1,
  type TraceSearchPage,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { ProcessingSearchStore, type SearchPosition } from './processing-search.store';

/**
 * `<createdAt>_<GlobalId>` of the last request of the page before: the item's own fields, so the
 * gateway can continue after any item of a page it merged with payments' (ADR 0066).
 */
const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The admin search over processing requests (ADR 0066): the orchestrator answers from its own
 * records, newest first, as payments answers for transactions; the gateway merges the two. The
 * cursor keys on creation time (to the millisecond, as the item shows it) and GlobalId, so
 * requests created in one millisecond are neither skipped nor repeated across pages.
 */
@Injectable()
export class SearchProcessingUseCase {
  constructor(private readonly store: ProcessingSearchStore) {}

  async execute(query: SearchProcessingV1): Promise<Reply<TraceSearchPage>> {
    const after = query.cursor === undefined ? undefined : positionOf(query.cursor);
    if (after === null) {
      return replyError(ErrorCode.InvalidParameter, 'cursor is not one this search gave');
    }
    const rows = await this.store.search({
      ...(query.projectId !== undefined ? { projectId: query.projectId } : {}),
      ...(query.partner !== undefined ? { partner: query.partner } : {}),
      ...(query.status !== undefined ? { status: query.status.toUpperCase() } : {}),
      ...(query.from !== undefined ? { from: query.from } : {}),
      ...(query.to !== undefined ? { to: query.to } : {}),
      ...(query.globalIdPrefix !== undefined
        ? { globalIdPrefix: query.globalIdPrefix.toLowerCase() }
        : {}),
      ...(after !== undefined ? { after } : {}),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return replyOk({
      items: page.map((request) => ({
        kind: 'processing',
        id: request.globalId,
        projectId: request.projectId,
        orderId: null,
        type: null,
        status: request.status,
        amount: null,
        currency: null,
        createdAt: request.createdAt.toISOString(),
        partner: request.partnerIdentifier,
      })),
      nextCursor:
        rows.length > query.limit && last
          ? `${last.createdAt.toISOString()}_${last.globalId}`
          : null,
    });
  }
}

function positionOf(cursor: string): SearchPosition | null {
  const match = CURSOR.exec(cursor);
  return match ? { createdAt: match[1], globalId: match[2] } : null;
}
