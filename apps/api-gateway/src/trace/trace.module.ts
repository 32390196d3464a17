import { Module } from '@nestjs/common';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { ReplayGuardModule } from '../replay-guard/replay-guard.module';
import { RequestsModule } from '../requests/requests.module';
import { TransactionIdSignedGuard } from '../transaction/interface/transaction-id-signed.guard';
import { AssembleTraceUseCase } from './application/assemble-trace.use-case';
import { TraceSearchSources } from './application/search-sources';
import { SearchTraceUseCase } from './application/search-trace.use-case';
import { StoredRequests, TraceParts } from './application/trace-sources';
import { KafkaTraceSearchSources } from './infrastructure/kafka-search-sources';
import { KafkaTraceParts } from './infrastructure/kafka-trace-parts';
import { MessageLogRecorder } from './infrastructure/message-log.recorder';
import { StoredRequestRepository } from './infrastructure/stored-request.repository';
import { TransactionEventsHttpController } from './interface/transaction-events.http.controller';

/**
 * The money trace (ADR 0066): the merchant's `GET /v1/transactions/{id}/events` here; the admin
 * routes (AdminTraceHttpController) are in the admin API module, behind its one token guard.
 */
@Module({
  imports: [MerchantAuthModule, ReplayGuardModule, RequestsModule],
  controllers: [TransactionEventsHttpController],
  providers: [
    TransactionIdSignedGuard,
    AssembleTraceUseCase,
    SearchTraceUseCase,
    { provide: TraceParts, useClass: KafkaTraceParts },
    { provide: TraceSearchSources, useClass: KafkaTraceSearchSources },
    { provide: StoredRequests, useClass: StoredRequestRepository },
    MessageLogRecorder,
  ],
  exports: [AssembleTraceUseCase, SearchTraceUseCase],
})
export class TraceModule {}
