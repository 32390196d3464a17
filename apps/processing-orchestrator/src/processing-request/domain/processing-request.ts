import type { NotificationTarget } from './processing-request-parser';
import type { WaitTime } from './processing-limits';
import type { RequestStatus } from './processing-task';

export interface ProcessingRequest {
  globalId: string;
  partnerIdentifier: string;
  projectId: number;
  sandbox: boolean;
  /** The partner's Request object as received, with card data masked (see redactPayload). */
  request: Record<string, unknown>;
  sync: boolean;
  waitingTime: WaitTime;
  targets: NotificationTarget[];
  userIp: string | null;
  status: RequestStatus;
  createdAt: Date;
  finishedAt: Date | null;
}
