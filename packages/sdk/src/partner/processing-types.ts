/** The Task-Tree Processing API's Request and Response objects, with the values the platform fixes. */

export type WaitTime = 'PT0S' | 'PT1S' | 'PT2S';

export interface NotificationTarget {
  type: 'URL';
  uri: string;
  method: 'GET' | 'POST';
}

/**
 * A task: a function such as `card.payment`, `payout`, `transaction.status`, `transaction.reverse`,
 * `user.resolve`, `recurring.charge`, `card.authenticate`, `message.send`, `wait`, or
 * `template:<name>`; its payload takes the fields of the named operation without project and
 * signature.
 */
export interface ProcessingTask {
  type: string;
  payload?: Record<string, unknown>;
  success?: ProcessingTask[];
  fail?: ProcessingTask[];
  always?: ProcessingTask[];
  expiration?: { date: string };
}

export interface ProcessingRequest {
  header: {
    /** `id` is unique per partner: a repeat with the identical body answers like a status query. */
    request: { id: string; date: string };
    service?: { sync?: boolean; waitTime?: WaitTime; result?: NotificationTarget[] };
  };
  payload: {
    partner: { identifier: string; parameters?: Record<string, string> };
    settings?: { culture?: string; encoding?: string; contact?: string; userIp?: string };
    tasks: ProcessingTask[];
  };
}

export type RequestStatus = 'PROCESSING' | 'WAITING' | 'FINISHED';
export type TaskStatus =
  'PENDING' | 'RUNNING' | 'WAITING' | 'SUCCESS' | 'FAIL' | 'EXPIRED' | 'SKIPPED';

export interface Interactive {
  type: 'REDIRECT';
  uri: string;
  method: 'POST';
  parameters?: Record<string, string>;
}

export interface TaskResult {
  id?: string;
  type: string;
  template?: string;
  payload?: Record<string, unknown>;
  expiration?: { date: string };
  result: { status: TaskStatus; reason?: string };
  /** The operation's response fields. */
  data?: Record<string, unknown>;
  success?: TaskResult[];
  fail?: TaskResult[];
  always?: TaskResult[];
}

export interface ProcessingResponse {
  header: {
    request: { id: string; date: string };
    response: { globalId: string; id: string; date: string };
    service: { sync?: boolean; waitingTime?: WaitTime; result?: NotificationTarget[] };
  };
  result: { status: RequestStatus; code?: number; comment?: string; interactive?: Interactive };
  payload: Omit<ProcessingRequest['payload'], 'tasks'> & { tasks: TaskResult[] };
}
