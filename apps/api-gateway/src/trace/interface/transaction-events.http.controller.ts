import { Controller, Get, Param, UseFilters, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { MerchantTransactionEvents, TraceStep } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { MerchantExceptionFilter } from '../../http/merchant-exception.filter';
import { Merchant, type AuthenticatedMerchant } from '../../merchant-auth/merchant-request';
import { ReplayGuardInterceptor } from '../../replay-guard/replay-guard.interceptor';
import { TransactionIdSignedGuard } from '../../transaction/interface/transaction-id-signed.guard';
import { readTransactionId } from '../../transaction/interface/transaction-query.request';
import { AssembleTraceUseCase } from '../application/assemble-trace.use-case';
import { TRANSACTION_EVENTS_DOC } from './trace.openapi';

/**
 * The merchant's own timeline of a transaction (ADR 0066, beyond the spec): signed like
 * GET /v1/transactions/{id}, bounded to the merchant's project, without what is internal to the
 * platform (Kafka messages, ledger accounts, task commands).
 */
@ApiTags('transactions')
@UseFilters(MerchantExceptionFilter)
@Controller('v1')
export class TransactionEventsHttpController {
  constructor(private readonly assemble: AssembleTraceUseCase) {}

  @Get('transactions/:id/events')
  @ApiDoc(TRANSACTION_EVENTS_DOC)
  @ApiParam({ name: 'id', description: 'Transaction id', schema: { type: 'integer', minimum: 1 } })
  @UseGuards(TransactionIdSignedGuard)
  @UseInterceptors(ReplayGuardInterceptor)
  async events(
    @Merchant() merchant: AuthenticatedMerchant,
    @Param('id') id: string,
  ): Promise<MerchantTransactionEvents> {
    const transactionId = readTransactionId(id);
    const projectId = merchant.project.id;
    const trace = await this.assemble.execute({
      kind: 'transaction',
      id: transactionId,
      projectId,
    });
    if (!trace || trace.subject.projectId !== projectId) {
      throw ApiError.of(ErrorCode.TransactionNotFound);
    }
    return { transactionId, events: trace.steps.flatMap(merchantStep) };
  }
}

/** What a merchant sees of a step: its own requests, states, money and callbacks. */
export function merchantStep(step: TraceStep): TraceStep[] {
  switch (step.kind) {
    case 'request':
    case 'state':
    case 'delivery':
      return [step];
    case 'journal':
      return [
        {
          ...step,
          detail: {
            kind: step.detail['kind'],
            amount: step.detail['amount'] ?? null,
            currency: step.detail['currency'] ?? null,
          },
        },
      ];
    case 'message':
    case 'task':
      return [];
  }
}
