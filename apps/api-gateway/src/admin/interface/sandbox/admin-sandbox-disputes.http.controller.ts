import { HttpCode, Param, Post } from '@nestjs/common';
import { SandboxDisputeV1Request, type DisputeKind } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { AdminDocs } from '../admin.openapi';
import { ApiDoc } from '../../../http/interface/openapi/api-doc.decorator';
import { answerOrThrow } from '../../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../../requests/application/request-client.provider';
import { readTransactionId } from '../../../transaction/interface/transaction-query.request';
import { AdminController } from '../admin-controller.decorator';

/**
 * The sandbox dispute operations (ADR 0028): a chargeback of a completed payment of a sandbox
 * project, and the retrieval of that chargeback. Payments decides and answers; a repeat answers
 * the first outcome.
 */
@AdminController('admin/v1/sandbox/transactions')
export class AdminSandboxDisputesHttpController {
  constructor(private readonly requests: GatewayRequestClient) {}

  @Post(':id/chargeback')
  @ApiDoc(AdminDocs.sandboxChargeback)
  @HttpCode(200)
  chargeback(@Param('id') id: string) {
    return this.dispute(id, 'chargeback');
  }

  @Post(':id/retrieval')
  @ApiDoc(AdminDocs.sandboxRetrieval)
  @HttpCode(200)
  retrieval(@Param('id') id: string) {
    return this.dispute(id, 'retrieval');
  }

  private async dispute(idText: string, kind: DisputeKind) {
    const transactionId = readTransactionId(idText);
    const reply = await this.requests.request(
      SandboxDisputeV1Request,
      { transactionId, kind },
      { key: String(transactionId), correlationId: currentCorrelationId() },
    );
    return answerOrThrow(reply);
  }
}
