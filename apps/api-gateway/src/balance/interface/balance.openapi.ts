import type { ApiDocOptions } from '../../http/interface/openapi/api-doc.decorator';
import { MerchantFields as F } from '../../http/interface/openapi/merchant-fields';
import { ref } from '../../http/interface/openapi/schema-refs';

export const BALANCE_DOC: ApiDocOptions = {
  summary: 'The merchant balance from the ledger (signed); amounts as decimal strings',
  description: 'currency: optional ISO 4217 code (else 400 40017); default the base currency.',
  auth: 'merchant-signed',
  query: { properties: { currency: F.currency } },
  response: ref('Balance'),
};
