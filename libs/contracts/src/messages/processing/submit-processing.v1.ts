import {
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Min,
} from 'class-validator';

/**
 * POST /processing, authenticated by the gateway (ADR 0004). The request body travels as the
 * partner sent it; the orchestrator owns the tree rules and answers the spec's response object.
 */
export class SubmitProcessingV1 {
  @IsUUID() globalId!: string;
  @IsString() @Length(1, 128) partnerIdentifier!: string;
  @IsInt() @Min(1) projectId!: number;
  @IsObject() request!: Record<string, unknown>;
  /**
   * The partner's stored templates that the request names (`template:<name>` task types), looked up
   * by the gateway, which owns templates (ADR 0002): name -> the template's `tasks` array. A name
   * the request uses but this map lacks is an unknown template (400).
   */
  @IsOptional() @IsObject() templates?: Record<string, unknown[]>;
  /**
   * Hex SHA-256 of the body bytes the partner sent (ADR 0017): a repeated `header.request.id` is
   * the same request only with the same fingerprint. Without it the orchestrator hashes `request`.
   */
  @IsOptional() @Matches(/^[0-9a-f]{64}$/) bodyFingerprint?: string;
}

/** GET /processing/status/:GlobalId; another partner's GlobalId is answered as unknown. */
export class GetProcessingStatusV1 {
  @IsString() @Length(1, 128) globalId!: string;
  @IsString() @Length(1, 128) partnerIdentifier!: string;
}

/**
 * The Response object of processing-api.md, as JSON. Requested as `processing.submit-request.v2`
 * and `processing.get-status.v2` (processing-answer.v2.ts), whose answers leave task outputs to
 * the gateway to render (ADR 0031).
 */
export type ProcessingResponseV1 = Record<string, unknown>;

/** A task's `result.status` in the Response object: what the orchestrator runs and the API shows. */
export const TASK_STATUSES = [
  'PENDING',
  'RUNNING',
  'WAITING',
  'SUCCESS',
  'FAIL',
  'EXPIRED',
  'SKIPPED',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
