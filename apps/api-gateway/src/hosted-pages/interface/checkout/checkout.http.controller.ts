import { Controller, Get, HttpCode, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiExcludeEndpoint,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiResponse,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import {
  CHECKOUT_ACTIONS,
  FinishCheckoutV1Request,
  GetCheckoutV1Request,
  type CheckoutAction,
  type CheckoutViewV1,
} from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { currentCorrelationId } from '@opp/observability';
import { fieldText } from '../../../http/interface/form-fields';
import { requestParams } from '../../../merchant-auth/interface/merchant-request';
import { answerOrThrow } from '../../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../../requests/application/request-client.provider';
import { ref } from '../../../http/interface/openapi/schema-refs';
import { sendHtml } from '../html-response';
import { CheckoutPageTokens } from '../../application/checkout-page-tokens';
import { renderCheckoutPage } from './checkout-pages';
import { HostedPageExceptionFilter } from '../hosted-page-exception.filter';

const TRANSACTION_ID = /^[1-9]\d{0,15}$/;
const ENVELOPE = { 'application/json': { schema: ref('ErrorEnvelope') } };
/**
 * The router drops a trailing slash from declared paths, so `<id>/` (ADR 0008's form) is matched
 * by a wildcard that must stay empty; `<id>` alone is served too (and is the documented path).
 */
const PAGE_PATH = 'confirm/:id';
const PAGE_PATH_WITH_SLASH = 'confirm/:id/*';

/**
 * ADR 0008: the wallet checkout page at `<checkout_url>/confirm/<id>/` (checkout_url defaults to
 * `<gateway>/checkout`). It stands in for the wallet provider's page in the sandbox: the user
 * confirms or cancels, payments decides the transaction, and the user is sent on (303) to the
 * merchant's success_url or fail_url.
 */
@ApiTags('hosted pages')
@ApiSecurity({})
@UseFilters(HostedPageExceptionFilter)
@Controller('checkout')
export class CheckoutHttpController {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly tokens: CheckoutPageTokens,
  ) {}

  @Get(PAGE_PATH)
  @ApiOperation({
    summary: 'Wallet checkout page: amount, currency, method, confirm and cancel buttons',
    description:
      'HTML, also served at `confirm/{id}/` (the form of ADR 0008). Unknown id: 404 40403 (JSON).',
  })
  @ApiParam({ name: 'id', description: 'Transaction id from POST /v1/transaction/create' })
  @ApiProduces('text/html')
  @ApiResponse({
    status: 200,
    description: 'The checkout page',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 404, description: '40403 Transaction not found', content: ENVELOPE })
  async page(
    @Param('id') id: string,
    @Param('*') rest: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const transactionId = transactionIdOf(id, rest);
    const view = answerOrThrow(
      await this.requests.request(
        GetCheckoutV1Request,
        { transactionId },
        { key: id, correlationId: currentCorrelationId() },
      ),
    );
    const nonce = randomBytes(16).toString('base64');
    sendHtml(reply, nonce, formActionOf(view));
    return renderCheckoutPage(view, nonce, this.tokens.issue(transactionId));
  }

  @Post(PAGE_PATH)
  @HttpCode(303)
  @ApiOperation({
    summary: 'Answer of the checkout page: action=confirm or action=cancel',
    description:
      'confirm completes the transaction (callback `completed`) and redirects (303) to ' +
      'success_url; cancel cancels it (status `cancelled`, callback `failed` with reason ' +
      '`cancelled`) and redirects to fail_url. An answer to a decided transaction changes nothing ' +
      'and redirects as the decision did. The form carries `token`, issued with the page and ' +
      'bound to the transaction: without it 401 40102, with another one 403 40302. Another ' +
      'action: 400 40017; unknown id: 404 40403.',
  })
  @ApiParam({ name: 'id', description: 'Transaction id' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['action', 'token'],
      properties: {
        action: { type: 'string', enum: [...CHECKOUT_ACTIONS] },
        token: { type: 'string', description: 'The hidden field of the checkout page' },
      },
    },
  })
  @ApiResponse({ status: 303, description: 'Location: success_url or fail_url' })
  @ApiResponse({ status: 400, description: '40017 Invalid parameter', content: ENVELOPE })
  @ApiResponse({
    status: 401,
    description: '40102 Authentication token missing',
    content: ENVELOPE,
  })
  @ApiResponse({
    status: 403,
    description: '40302 Authentication token invalid',
    content: ENVELOPE,
  })
  @ApiResponse({ status: 404, description: '40403 Transaction not found', content: ENVELOPE })
  async answer(
    @Param('id') id: string,
    @Param('*') rest: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const transactionId = transactionIdOf(id, rest);
    const fields = requestParams(request);
    this.checkToken(fieldText(fields, 'token'), transactionId);
    const action = actionOf(fieldText(fields, 'action'));
    const view = answerOrThrow(
      await this.requests.request(
        FinishCheckoutV1Request,
        { transactionId, action },
        { key: id, correlationId: currentCorrelationId() },
      ),
    );
    if (view.returnUrl === null) {
      throw new Error(`checkout of transaction ${transactionId} answered without a decision`);
    }
    return reply
      .status(303)
      .header('location', view.returnUrl)
      .header('Cache-Control', 'no-store')
      .send();
  }

  /** ADR 0061: only a page the gateway served for this transaction may answer it. */
  private checkToken(token: string | undefined, transactionId: number): void {
    if (token === undefined || token.trim() === '') {
      throw ApiError.of(ErrorCode.AuthTokenMissing, 'send the token field of the checkout page');
    }
    if (!this.tokens.isFor(token.trim(), transactionId)) {
      throw ApiError.of(
        ErrorCode.AuthTokenInvalid,
        'the token field does not belong to this checkout page',
      );
    }
  }

  @Get(PAGE_PATH_WITH_SLASH)
  @ApiExcludeEndpoint()
  pageWithSlash(
    @Param('id') id: string,
    @Param('*') rest: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.page(id, rest, reply);
  }

  @Post(PAGE_PATH_WITH_SLASH)
  @HttpCode(303)
  @ApiExcludeEndpoint()
  answerWithSlash(
    @Param('id') id: string,
    @Param('*') rest: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.answer(id, rest, request, reply);
  }
}

function transactionIdOf(id: string, rest: string | undefined): number {
  const extraPath = rest !== undefined && rest !== '';
  if (extraPath || !TRANSACTION_ID.test(id) || !Number.isSafeInteger(Number(id))) {
    throw ApiError.of(ErrorCode.TransactionNotFound);
  }
  return Number(id);
}

function actionOf(text: string | undefined): CheckoutAction {
  const action = text?.trim();
  if (!(CHECKOUT_ACTIONS as readonly (string | undefined)[]).includes(action)) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'action must be confirm or cancel');
  }
  return action as CheckoutAction;
}

/** The page posts to itself, and its 303 goes to the shop: browsers check both against CSP. */
function formActionOf(view: CheckoutViewV1): string {
  const origins = new Set([new URL(view.successUrl).origin, new URL(view.failUrl).origin]);
  return ["'self'", ...origins].join(' ');
}
