import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  GetTransactionV1Request,
  ListTransactionsV1Request,
  TRANSACTIONS_PAGE_DEFAULT,
  TRANSACTIONS_PAGE_MAX,
} from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { Merchant, type AuthenticatedMerchant } from '../../merchant-auth/merchant-request';
import { SignedRequestGuard } from '../../merchant-auth/signed-request.guard';
import { answerOrThrow } from '../../requests/answer-or-throw';
import { GatewayRequestClient } from '../../requests/request-client.provider';
import {
  readTransactionId,
  readTransactionList,
  readTransactionLookup,
} from './transaction-query.request';
import { TransactionIdSignedGuard } from './transaction-id-signed.guard';
import { toTransactionResponse, toTransactionStatusResponse } from './transaction-responses';

@ApiTags('transactions')
@Controller('v1')
export class TransactionHttpController {
  constructor(private readonly requests: GatewayRequestClient) {}

  @Get('transaction/status')
  @ApiOperation({
    summary: 'Status of one transaction by id or order_id (signed; snake_case fields)',
    description: 'Neither id nor order_id: 400 40017; unknown or malformed id: 404 40403.',
  })
  @UseGuards(SignedRequestGuard)
  async status(@Merchant() merchant: AuthenticatedMerchant) {
    const query = readTransactionLookup(merchant.project.id, merchant.params);
    const reply = await this.requests.request(GetTransactionV1Request, query, {
      key: String(query.projectId),
      correlationId: currentCorrelationId(),
    });
    return toTransactionStatusResponse(answerOrThrow(reply));
  }

  @Get('transactions/:id')
  @ApiOperation({
    summary: 'One transaction with user and card (signed; the path id may or may not be signed)',
  })
  @ApiParam({ name: 'id', description: 'Transaction id' })
  @UseGuards(TransactionIdSignedGuard)
  async one(@Merchant() merchant: AuthenticatedMerchant, @Param('id') id: string) {
    const query = { projectId: merchant.project.id, id: readTransactionId(id) };
    const reply = await this.requests.request(GetTransactionV1Request, query, {
      key: String(query.projectId),
      correlationId: currentCorrelationId(),
    });
    return toTransactionResponse(answerOrThrow(reply));
  }

  @Get('transactions')
  @ApiOperation({
    summary: 'Transactions of an order id, filtered and paged (signed)',
    description:
      'Dates in created[from], created[to], updated[from], updated[to]: ISO 8601, a date ' +
      '(YYYY-MM-DD, UTC) or a date-time with seconds and zone (2026-05-01T10:00:00Z, ' +
      '2026-05-01T12:00:00+02:00); bounds inclusive, a date alone as `to` covers that whole day. ' +
      `page from 1; limit default ${TRANSACTIONS_PAGE_DEFAULT}, maximum ${TRANSACTIONS_PAGE_MAX}. ` +
      'status and type take the spec values. Anything invalid: 400 40017.',
  })
  @ApiQuery({ name: 'orderId', required: true })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'limit', required: false })
  @UseGuards(SignedRequestGuard)
  async list(@Merchant() merchant: AuthenticatedMerchant) {
    const query = readTransactionList(merchant.project.id, merchant.params);
    const reply = await this.requests.request(ListTransactionsV1Request, query, {
      key: String(query.projectId),
      correlationId: currentCorrelationId(),
    });
    const { totalCount, transactions } = answerOrThrow(reply);
    return { totalCount, transactions: transactions.map(toTransactionResponse) };
  }
}
