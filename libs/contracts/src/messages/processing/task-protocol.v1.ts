import {
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Min,
} from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics, type TopicDefinition } from '../../topics';

/**
 * How the orchestrator runs a task in the service that owns its function: a command on the owner's
 * task topic, answered by one result event. Commands can arrive twice; owners apply them once
 * (inbox) and answer again with the same result.
 */
export const TASK_FUNCTIONS = [
  'card.payment',
  'card.authenticate',
  'payout',
  'transaction.status',
  'transaction.reverse',
  'user.resolve',
  'recurring.charge',
  'message.send',
  'wait',
] as const;
export type TaskFunction = (typeof TASK_FUNCTIONS)[number];

export class TaskCommandV1 {
  /** Unique per task: the idempotency key of the work it asks for. */
  @IsUUID() taskId!: string;
  @IsUUID() globalId!: string;
  @IsIn(TASK_FUNCTIONS) function!: TaskFunction;
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 128) partnerIdentifier!: string;
  /** The task's payload after template expansion, as the partner wrote it. */
  @IsObject() payload!: Record<string, unknown>;
  @IsOptional() @IsString() userIp?: string;
}

export const TASK_OUTCOMES = ['SUCCESS', 'FAIL', 'WAITING'] as const;
export type TaskOutcome = (typeof TASK_OUTCOMES)[number];

export class TaskResultV1 {
  @IsUUID() taskId!: string;
  @IsUUID() globalId!: string;
  @IsIn(TASK_OUTCOMES) outcome!: TaskOutcome;
  /** The operation's response fields (ADR 0005: a task's `data`). */
  @IsOptional() @IsObject() data?: Record<string, unknown>;
  /** Set with WAITING: what the user must do (ADR 0005 `result.interactive`). */
  @IsOptional() @IsObject() interactive?: Record<string, unknown>;
  @IsOptional() @IsString() reason?: string;
  @IsISO8601() completedAt!: string;
}

const command = (owner: string, topic: TopicDefinition) =>
  defineMessage<TaskCommandV1>(`${owner}.task-command.v1`, topic, TaskCommandV1);

/** One command type per owner (a type names one topic); the same schema for all. */
export const PaymentsTaskCommandV1Message = command('payments', Topics.paymentsTaskCommands);
export const UsersTaskCommandV1Message = command('users', Topics.usersTaskCommands);
export const NotifierTaskCommandV1Message = command('notifier', Topics.notifierTaskCommands);
export const PayoutsTaskCommandV1Message = command('payouts', Topics.payoutsTaskCommands);

export const TaskResultV1Message = defineMessage(
  'processing.task-result.v1',
  Topics.taskResults,
  TaskResultV1,
);

/**
 * A task's result as the message an owner writes to its outbox, keyed by GlobalId so that one
 * request's results reach the orchestrator in order.
 */
export const taskResultMessage = (result: TaskResultV1) =>
  ({ definition: TaskResultV1Message, key: result.globalId, payload: result }) as const;
