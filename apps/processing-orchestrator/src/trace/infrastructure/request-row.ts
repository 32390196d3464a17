import type { FoundRequest } from '../application/processing-search.store';

/** A processing request's row as the trace and the admin search select it. */
export interface RequestRow {
  global_id: string;
  project_id: number;
  partner_identifier: string;
  status: string;
  created_at: Date;
}

export function foundRequest(row: RequestRow): FoundRequest {
  return {
    globalId: row.global_id,
    projectId: row.project_id,
    partnerIdentifier: row.partner_identifier,
    status: row.status,
    createdAt: row.created_at,
  };
}
