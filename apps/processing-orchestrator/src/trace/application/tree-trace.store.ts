import type { TaskNodeView } from '@opp/contracts';

export interface TracedRequest {
  globalId: string;
  projectId: number;
  partnerIdentifier: string;
  status: string;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface TracedTask extends TaskNodeView {
  reason: string | null;
}

/** Port: a processing request's tree as the money trace shows it (ADR 0066). */
export abstract class TreeTraceStore {
  abstract requests(globalIds: string[]): Promise<TracedRequest[]>;
  abstract tasks(globalIds: string[]): Promise<TracedTask[]>;
}
