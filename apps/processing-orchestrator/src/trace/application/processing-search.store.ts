/** What the admin search filters processing requests by (ADR 0066). */
export interface ProcessingSearchFilter {
  projectId?: number;
  partner?: string;
  /** Upper case: statuses are stored so. */
  status?: string;
  from?: string;
  to?: string;
  /** Lower case: GlobalIds are compared as PostgreSQL prints them. */
  globalIdPrefix?: string;
  /** Only requests before this one in the search's order (newest first). */
  after?: SearchPosition;
  limit: number;
}

/** A request's place in the search's order: its creation time to the millisecond, then its id. */
export interface SearchPosition {
  createdAt: string;
  globalId: string;
}

export interface FoundRequest {
  globalId: string;
  projectId: number;
  partnerIdentifier: string;
  status: string;
  createdAt: Date;
}

/** Port: the processing requests the admin search finds, newest first (ADR 0066). */
export abstract class ProcessingSearchStore {
  abstract search(filter: ProcessingSearchFilter): Promise<FoundRequest[]>;
}
