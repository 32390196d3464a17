import { ErrorCode } from '@opp/errors';
import type { ApiDocOptions } from '../../../http/interface/openapi/api-doc.decorator';
import { object, string } from '../../../http/interface/openapi/schema-refs';
import { ACS_PASSWORD } from './acs-pages';

const challengeFields = {
  PaReq: string('Payer authentication request, from the charge answer'),
  MD: string('Merchant data, from the charge answer'),
  TermUrl: string('Where the user returns (http or https)', { format: 'uri' }),
};
const html = string('An HTML page');

/** The 3-D Secure simulator (ADR 0007): the pages a user sees, so no credentials. */
export const AcsDocs = {
  challenge: {
    summary: '3-D Secure simulator: the password page',
    description: 'MD missing: 400 40014; PaReq missing or TermUrl not an http(s) URL: 400 40017.',
    auth: 'none',
    body: object(challengeFields),
    response: html,
    produces: 'text/html',
    errors: [ErrorCode.MerchantDataMissing, ErrorCode.InvalidParameter],
  },
  submit: {
    summary: '3-D Secure simulator: checks the password and returns the user to TermUrl',
    description: `Password "${ACS_PASSWORD}" passes (status Y), anything else fails (status N).`,
    auth: 'none',
    body: object({ ...challengeFields, password: string('The password typed') }, [
      'PaReq',
      'MD',
      'TermUrl',
    ]),
    response: html,
    produces: 'text/html',
    errors: [ErrorCode.MerchantDataMissing, ErrorCode.InvalidParameter],
  },
} satisfies Record<string, ApiDocOptions>;
