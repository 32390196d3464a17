import { Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import { CreateWalletTransactionV1Request } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { ChargeUserResolver } from '../../card/application/charge-user.resolver';
import {
  commandKey,
  Merchant,
  type AuthenticatedMerchant,
} from '../../merchant-auth/interface/merchant-request';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { readWalletTransactionRequest } from './create-wallet-transaction.request';
import { CREATE_WALLET_TRANSACTION_DOC } from './wallet.openapi';
import { MerchantExceptionFilter } from '../../http/interface/merchant-exception.filter';
import { toWalletTransactionResponse } from './wallet-responses';
import { SignedRoute } from '../../replay-guard/interface/signed-route.decorator';

@ApiTags('transactions')
@UseFilters(MerchantExceptionFilter)
@Controller('v1/transaction')
export class WalletTransactionHttpController {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly users: ChargeUserResolver,
  ) {}

  @Post('create')
  @HttpCode(200)
  @ApiDoc(CREATE_WALLET_TRANSACTION_DOC)
  @SignedRoute()
  async create(@Merchant() merchant: AuthenticatedMerchant) {
    const projectId = merchant.project.id;
    const { user, transaction } = readWalletTransactionRequest(projectId, merchant.params);
    const snapshot = await this.users.snapshot(projectId, { kind: 'object', resolve: user });
    const reply = await this.requests.request(
      CreateWalletTransactionV1Request,
      {
        ...transaction,
        // One accepted signature is one transaction, whatever is redelivered or retried (ADR 0059).
        idempotencyKey: commandKey(merchant),
        projectId,
        user: snapshot,
      },
      { key: `${projectId}:${snapshot.id}`, correlationId: currentCorrelationId() },
    );
    return toWalletTransactionResponse(answerOrThrow(reply));
  }
}
