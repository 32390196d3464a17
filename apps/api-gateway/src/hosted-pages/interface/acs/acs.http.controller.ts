import { Controller, HttpCode, Inject, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../http/interface/openapi/api-doc.decorator';
import { AcsDocs } from './acs.openapi';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { HostedPageKeyRing } from '@opp/crypto';
import { ApiError, ErrorCode } from '@opp/errors';
import { isHttpUrl } from '@opp/destination-guard';
import { fieldText } from '../../../http/interface/form-fields';
import { requestParams } from '../../../merchant-auth/interface/merchant-request';
import { sendHtml } from '../html-response';
import {
  ACS_PASSWORD,
  renderChallengePage,
  renderReturnPage,
  type ChallengeFields,
} from './acs-pages';
import { HostedPageExceptionFilter } from '../hosted-page-exception.filter';

const FIELD_MAX_LENGTH = 4096;

/**
 * ADR 0007: the sandbox access control server. The merchant's page posts acs.parameters here; the
 * user types the password; the answer page posts PaRes and MD back to the merchant's TermUrl. PaRes
 * is `{ md, status: 'Y' | 'N' }` encrypted with the hosted-page keys (HOSTED_PAGE_KEYS), which payments decrypts: it
 * cannot be forged or moved to another MD by the merchant or the user.
 */
@ApiTags('hosted pages')
@UseFilters(HostedPageExceptionFilter)
@Controller('acs')
export class AcsHttpController {
  constructor(@Inject(HostedPageKeyRing) private readonly ring: HostedPageKeyRing) {}

  @Post('challenge')
  @HttpCode(200)
  @ApiDoc(AcsDocs.challenge)
  challenge(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const fields = readChallengeFields(request);
    const nonce = randomBytes(16).toString('base64');
    sendHtml(reply, nonce, "'self'");
    return renderChallengePage(fields, nonce);
  }

  @Post('challenge/submit')
  @HttpCode(200)
  @ApiDoc(AcsDocs.submit)
  submit(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const fields = readChallengeFields(request);
    const password = fieldText(requestParams(request), 'password') ?? '';
    const status = password === ACS_PASSWORD ? 'Y' : 'N';
    const paRes = this.ring.encrypt(JSON.stringify({ md: fields.MD, status }));
    const nonce = randomBytes(16).toString('base64');
    sendHtml(reply, nonce, new URL(fields.TermUrl).origin);
    return renderReturnPage(fields.TermUrl, paRes, fields.MD, nonce);
  }
}

function readChallengeFields(request: FastifyRequest): ChallengeFields {
  const params = requestParams(request);
  const read = (name: string) => {
    const value = fieldText(params, name)?.trim() ?? '';
    if (value.length > FIELD_MAX_LENGTH) {
      throw ApiError.of(ErrorCode.InvalidParameter, `${name} is too long`);
    }
    return value;
  };
  const MD = read('MD');
  if (MD === '') throw ApiError.of(ErrorCode.MerchantDataMissing);
  const PaReq = read('PaReq');
  if (PaReq === '') throw ApiError.of(ErrorCode.InvalidParameter, 'PaReq is required');
  const TermUrl = read('TermUrl');
  // Only http(s): a javascript: or data: action would run script in this page's origin.
  if (!isHttpUrl(TermUrl)) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'TermUrl must be an absolute http(s) URL');
  }
  return { PaReq, MD, TermUrl };
}
