import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ProcessingSearchStore,
  type FoundRequest,
  type ProcessingSearchFilter,
} from '../application/processing-search.store';
import { foundRequest, type RequestRow } from './request-row';

/**
 * The admin search over processing requests, newest first, keyset by (created_at, global_id) with
 * the time to the millisecond, as the answer shows it and the cursor carries it (a row's
 * microseconds would otherwise skip its neighbours of the same millisecond). No index serves it:
 * an operator's search scans the requests (ADR 0066), and the tree path pays no index upkeep.
 */
const SEARCH = `
  SELECT global_id::text, project_id, partner_identifier, status,
         date_trunc('milliseconds', created_at) AS created_at
    FROM processing_requests
   WHERE ($1::int IS NULL OR project_id = $1)
     AND ($2::text IS NULL OR partner_identifier = $2)
     AND ($3::text IS NULL OR status = $3)
     AND ($4::timestamptz IS NULL OR created_at >= $4)
     AND ($5::timestamptz IS NULL OR created_at <= $5)
     AND ($6::text IS NULL OR global_id::text LIKE $6)
     AND ($7::timestamptz IS NULL
          OR (date_trunc('milliseconds', created_at), global_id) < ($7::timestamptz, $8::uuid))
   ORDER BY date_trunc('milliseconds', created_at) DESC, global_id DESC
   LIMIT $9`;

@Injectable()
export class ProcessingSearchRepository extends ProcessingSearchStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async search(filter: ProcessingSearchFilter): Promise<FoundRequest[]> {
    const rows: RequestRow[] = await this.dataSource.query(SEARCH, [
      filter.projectId ?? null,
      filter.partner ?? null,
      filter.status ?? null,
      filter.from ?? null,
      filter.to ?? null,
      // Hex digits and dashes only (the contract's pattern): nothing to escape for LIKE.
      filter.globalIdPrefix !== undefined ? `${filter.globalIdPrefix}%` : null,
      filter.after?.createdAt ?? null,
      filter.after?.globalId ?? null,
      filter.limit,
    ]);
    return rows.map(foundRequest);
  }
}
