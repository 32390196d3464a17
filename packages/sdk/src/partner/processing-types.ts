import type {
  AuthenticateRequest,
  AuthenticateResponse,
  PaymentResponse,
  PayoutRequest,
  PayoutResponse,
  ProcessCardRequest,
  ProcessRecurringRequest,
  ResolveUserRequest,
  ResolveUserResponse,
  ReverseRequest,
  ReverseResponse,
  TransactionRef,
  TransactionStatusResponse,
} from '../merchant/merchant-types';

/** The Task-Tree Processing API's Request and Response objects, with the values the platform fixes. */

export type WaitTime = 'PT0S' | 'PT1S' | 'PT2S';

export interface NotificationTarget {
  type: 'URL';
  uri: string;
  method: 'GET' | 'POST';
}

/** What a task's payload takes: the named operation's fields without project and signature. */
export interface TaskPayloads {
  'card.payment': ProcessCardRequest;
  'card.authenticate': AuthenticateRequest;
  'recurring.charge': ProcessRecurringRequest;
  'transaction.status': TransactionRef;
  'transaction.reverse': ReverseRequest;
  payout: PayoutRequest;
  'user.resolve': ResolveUserRequest;
  'message.send': MessagePayload;
  wait: WaitPayload;
}

/** What a finished task's `data` carries: the named operation's answer. */
export interface TaskResults {
  'card.payment': PaymentResponse;
  'card.authenticate': AuthenticateResponse;
  'recurring.charge': PaymentResponse;
  'transaction.status': TransactionStatusResponse;
  'transaction.reverse': ReverseResponse;
  payout: PayoutResponse;
  'user.resolve': ResolveUserResponse;
  'message.send': Record<string, unknown>;
  wait: Record<string, unknown>;
}

/** A task function of the platform (ADR 0005). */
export type TaskType = keyof TaskPayloads;

export interface MessagePayload {
  channel: 'webhook' | 'email';
  to: string;
  subject?: string;
  text: string;
}

/** Sandbox projects only, up to 86400 seconds. */
export interface WaitPayload {
  seconds: number;
}

interface TaskBranches {
  success?: ProcessingTask[];
  fail?: ProcessingTask[];
  always?: ProcessingTask[];
  expiration?: { date: string };
}

/**
 * A task: a function and the payload it takes (`type` tells TypeScript which), or a stored
 * template `template:<name>` whose payload the partner's parameters fill in.
 */
export type ProcessingTask =
  | { [K in TaskType]: { type: K; payload: TaskPayloads[K] } & TaskBranches }[TaskType]
  | ({ type: `template:${string}`; payload?: Record<string, unknown> } & TaskBranches);

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

interface TaskResultCommon {
  id?: string;
  template?: string;
  expiration?: { date: string };
  result: { status: TaskStatus; reason?: string };
  success?: TaskResult[];
  fail?: TaskResult[];
  always?: TaskResult[];
}

/**
 * A task in an answer: its payload as sent (card data masked) and, once it ran, its operation's
 * answer in `data`. Narrow on `type` to read them typed.
 */
export type TaskResult =
  | {
      [K in TaskType]: {
        type: K;
        payload?: TaskPayloads[K];
        data?: TaskResults[K];
      } & TaskResultCommon;
    }[TaskType]
  | ({
      type: `template:${string}`;
      payload?: Record<string, unknown>;
      data?: Record<string, unknown>;
    } & TaskResultCommon);

export interface ProcessingResponse {
  header: {
    request: { id: string; date: string };
    response: { globalId: string; id: string; date: string };
    service: { sync?: boolean; waitingTime?: WaitTime; result?: NotificationTarget[] };
  };
  result: { status: RequestStatus; code?: number; comment?: string; interactive?: Interactive };
  payload: Omit<ProcessingRequest['payload'], 'tasks'> & { tasks: TaskResult[] };
}
