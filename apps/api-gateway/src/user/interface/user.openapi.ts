import { ErrorCode } from '@opp/errors';
import type { ApiDocOptions } from '../../http/interface/openapi/api-doc.decorator';
import { MerchantFields as F } from '../../http/interface/openapi/merchant-fields';
import { object, ref, string } from '../../http/interface/openapi/schema-refs';

export const RESOLVE_USER_DOC: ApiDocOptions = {
  summary: 'The internal id of a user, created on first sight (signed; replay-guarded)',
  auth: 'merchant-signed',
  body: object(
    {
      identifier: string('Unique, unchangeable user identifier', { maxLength: 128 }),
      display_name: string('Full name or nickname'),
      email: string('Email'),
      phone: string('International format, without + and separators'),
      locale: string('ISO 639-1; default the project locale'),
      ip: F.ip,
      ua: string('User agent, at most 255 characters', { maxLength: 255 }),
    },
    ['identifier', 'ip'],
  ),
  response: ref('ResolvedUser'),
  errors: [ErrorCode.UserIdentifierMissing, ErrorCode.UserIpMissing],
};
