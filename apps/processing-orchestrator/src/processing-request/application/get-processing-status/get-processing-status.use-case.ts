import { Injectable } from '@nestjs/common';
import {
  replyError,
  replyOk,
  type GetProcessingStatusV1,
  type ProcessingAnswerV2,
  type Reply,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { ProcessingRequestStore } from '../processing-request.store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /processing/status/:GlobalId. Another partner's GlobalId is as unknown as a made-up one
 * (ADR 0004).
 */
@Injectable()
export class GetProcessingStatusUseCase {
  constructor(private readonly store: ProcessingRequestStore) {}

  async execute(query: GetProcessingStatusV1): Promise<Reply<ProcessingAnswerV2>> {
    const unknown = replyError<ProcessingAnswerV2>(
      ErrorCode.ResourceNotFound,
      'NOT_FOUND: Unknown GlobalId',
    );
    if (!UUID.test(query.globalId)) return unknown;
    const request = await this.store.read(query.globalId);
    if (!request || request.snapshot.partnerIdentifier !== query.partnerIdentifier) return unknown;
    return replyOk(request.response());
  }
}
