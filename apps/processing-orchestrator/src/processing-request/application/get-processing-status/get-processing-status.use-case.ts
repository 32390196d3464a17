import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  replyError,
  replyOk,
  type GetProcessingStatusV1,
  type ProcessingResponseV1,
  type Reply,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { processingResponse } from '../../domain/processing-response';
import { ProcessingRequestRepository } from '../../infrastructure/processing-request.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /processing/status/:GlobalId. Another partner's GlobalId is as unknown as a made-up one
 * (ADR 0004).
 */
@Injectable()
export class GetProcessingStatusUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: ProcessingRequestRepository,
  ) {}

  async execute(query: GetProcessingStatusV1): Promise<Reply<ProcessingResponseV1>> {
    const unknown = replyError<ProcessingResponseV1>(
      ErrorCode.ResourceNotFound,
      'NOT_FOUND: Unknown GlobalId',
    );
    if (!UUID.test(query.globalId)) return unknown;
    // One snapshot for the request row and its tasks.
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      const request = await this.repository.find(tx, query.globalId);
      if (!request || request.partnerIdentifier !== query.partnerIdentifier) return unknown;
      return replyOk(processingResponse(request, await this.repository.tasks(tx, query.globalId)));
    });
  }
}
