import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { KeyRing } from '@opp/crypto';
import { ApiError, ErrorCode } from '@opp/errors';
import { isHttpUrl } from '../../card/interface/charge-fields';
import { fieldText } from '../../http/form-fields';
import { requestParams } from '../../merchant-auth/merchant-request';
import {
  ACS_PASSWORD,
  renderChallengePage,
  renderReturnPage,
  type ChallengeFields,
} from './acs-pages';

const FIELD_MAX_LENGTH = 4096;

/**
 * ADR 0007: the sandbox access control server. The merchant's page posts acs.parameters here; the
 * user types the password; the answer page posts PaRes and MD back to the merchant's TermUrl. PaRes
 * is `{ md, status: 'Y' | 'N' }` encrypted with the platform key ring, which payments decrypts: it
 * cannot be forged or moved to another MD by the merchant or the user.
 */
@ApiTags('hosted pages')
@Controller('acs')
export class AcsHttpController {
  constructor(@Inject(KeyRing) private readonly ring: KeyRing) {}

  @Post('challenge')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({
    summary: '3-D Secure simulator: password page (form fields PaReq, MD, TermUrl)',
    description: 'MD missing: 400 40014; PaReq missing or TermUrl not an http(s) URL: 400 40017.',
  })
  challenge(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const fields = readChallengeFields(request);
    const nonce = randomBytes(16).toString('base64');
    sendHtml(reply, nonce, "'self'");
    return renderChallengePage(fields, nonce);
  }

  @Post('challenge/submit')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({
    summary: '3-D Secure simulator: checks the password, returns the user to TermUrl',
    description: `Password "${ACS_PASSWORD}" passes (status Y), anything else fails (status N).`,
  })
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

function sendHtml(reply: FastifyReply, nonce: string, formAction: string): void {
  void reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; ` +
        `form-action ${formAction}; base-uri 'none'`,
    );
}
