import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  TreeTraceStore,
  type TracedRequest,
  type TracedTask,
} from '../application/tree-trace.store';
import { foundRequest, type RequestRow } from './request-row';

/**
 * The requests and their tasks in typed SQL (ADR 0031). A task's command is its public payload
 * (card data already masked there, ADR 0064), never the encrypted one.
 */
@Injectable()
export class TreeTraceRepository extends TreeTraceStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async requests(globalIds: string[]): Promise<TracedRequest[]> {
    if (globalIds.length === 0) return [];
    const rows: Array<RequestRow & { finished_at: Date | null }> = await this.dataSource.query(
      `SELECT global_id, project_id, partner_identifier, status, created_at, finished_at
         FROM processing_requests WHERE global_id = ANY($1::uuid[]) ORDER BY created_at`,
      [globalIds],
    );
    return rows.map((row) => ({ ...foundRequest(row), finishedAt: row.finished_at }));
  }

  async tasks(globalIds: string[]): Promise<TracedTask[]> {
    if (globalIds.length === 0) return [];
    const rows: Array<{
      id: string;
      parent_id: string | null;
      branch: TracedTask['branch'];
      depth: number;
      type: string;
      status: string;
      started_at: Date | null;
      finished_at: Date | null;
      public_payload: unknown;
      data: unknown;
      reason: string | null;
    }> = await this.dataSource.query(
      `SELECT id, parent_id, branch, depth, type, status, started_at, finished_at,
              public_payload, data, reason
         FROM processing_tasks WHERE global_id = ANY($1::uuid[]) ORDER BY global_id, path`,
      [globalIds],
    );
    return rows.map((row) => ({
      id: row.id,
      parentId: row.parent_id,
      branch: row.branch,
      level: row.depth,
      type: row.type,
      status: row.status,
      startedAt: row.started_at?.toISOString() ?? null,
      finishedAt: row.finished_at?.toISOString() ?? null,
      command: row.public_payload,
      result: row.data,
      reason: row.reason,
    }));
  }
}
