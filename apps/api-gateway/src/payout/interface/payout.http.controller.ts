import { Controller, Get, Header, HttpCode, Post, UseGuards, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import { GetPayoutParametersV1Request, ListPayoutTypesV1Request } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { currentCorrelationId } from '@opp/observability';
import { CardDataSealer } from '../../card/application/card-data-sealer';
import { readCurrency, readPrice } from '../../card/interface/money-fields';
import { ProjectPublicKeyGuard } from '../../merchant-auth/interface/project-public-key.guard';
import { optionalText } from '../../http/interface/form-fields';
import {
  Merchant,
  type AuthenticatedMerchant,
} from '../../merchant-auth/interface/merchant-request';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import {
  readParametersAccount,
  readPayoutAccount,
  readPayoutParameters,
  readPayoutTypeId,
} from './payout-fields';
import { PayoutDocs } from './payout.openapi';
import { CreatePayout } from '../application/create-payout';
import { MerchantExceptionFilter } from '../../http/interface/merchant-exception.filter';
import { SignedRoute } from '../../replay-guard/interface/signed-route.decorator';

/** The rules change only with a deployment: merchants may cache the answers for 5 minutes. */
const CACHEABLE = 'public, max-age=300';

/**
 * Payouts (ADR 0011, ADR 0060): types and parameters are the payouts service's rules; an order is
 * one command to payouts, whose flow checks it, has payments reserve its amount and answers.
 */
@ApiTags('payouts')
@UseFilters(MerchantExceptionFilter)
@Controller('v1')
export class PayoutHttpController {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly sealer: CardDataSealer,
    private readonly payouts: CreatePayout,
  ) {}

  @Get('payout-types')
  @Header('Cache-Control', CACHEABLE)
  @ApiDoc(PayoutDocs.types)
  @UseGuards(ProjectPublicKeyGuard)
  async types(@Merchant() merchant: AuthenticatedMerchant) {
    const projectId = merchant.project.id;
    const reply = await this.requests.request(
      ListPayoutTypesV1Request,
      { projectId },
      { key: String(projectId), correlationId: currentCorrelationId() },
    );
    return { success: true, types: answerOrThrow(reply) };
  }

  @Get('payout-parameters')
  @Header('Cache-Control', CACHEABLE)
  @ApiDoc(PayoutDocs.parameters)
  @UseGuards(ProjectPublicKeyGuard)
  async parameters(@Merchant() merchant: AuthenticatedMerchant) {
    const projectId = merchant.project.id;
    const typeId = readPayoutTypeId(merchant.params);
    const account = readParametersAccount(merchant.params);
    const currency = readCurrency(merchant.params);
    if (currency === undefined) {
      throw ApiError.of(ErrorCode.InvalidParameter, 'currency is required');
    }
    const reply = await this.requests.request(
      GetPayoutParametersV1Request,
      { projectId, typeId, account, currency },
      { key: String(projectId), correlationId: currentCorrelationId() },
    );
    return answerOrThrow(reply);
  }

  @Post('payout')
  @HttpCode(200)
  @ApiDoc(PayoutDocs.create)
  @SignedRoute()
  async payout(@Merchant() merchant: AuthenticatedMerchant) {
    const projectId = merchant.project.id;
    const { params } = merchant;
    const typeId = readPayoutTypeId(params);
    const { price: amount, currency } = readPrice(params, false, 'amount');
    const orderId = optionalText(params, 'orderId', 64);
    const account = readPayoutAccount(params);
    const parameters = readPayoutParameters(params);
    return this.payouts.execute({
      projectId,
      // The signed request is the flow's one idempotency key (ADR 0060): a retry of a call that
      // timed out finds the flow and answers its outcome instead of paying out twice.
      requestKey: `${projectId}:${String(params['signature'])}`,
      typeId,
      accountKind: account.kind,
      account: account.forPayouts,
      currency,
      parameters,
      amount,
      accountDisplay: account.display,
      ...(orderId !== undefined ? { orderId } : {}),
      ...(account.cardNumber !== undefined
        ? {
            sealedAccount: this.sealer.sealCard(
              projectId,
              { account: account.cardNumber },
              'payout-account',
            ),
          }
        : {}),
      ...(account.cardToken !== undefined ? { cardToken: account.cardToken } : {}),
      ...(parameters.description !== undefined ? { description: parameters.description } : {}),
    });
  }
}
