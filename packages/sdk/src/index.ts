export { MerchantClient } from './merchant/merchant-client';
export type { MerchantClientOptions, BodyEncoding } from './merchant/merchant-client-options';
export type { MerchantCall } from './merchant/merchant-requests';
export {
  verifyMerchantCallback,
  type MerchantCallback,
  type CallbackInput,
  type CallbackCheckOptions,
  type CallbackCheck,
} from './merchant/callback';
export type * from './merchant/merchant-types';
export { PartnerClient, type PartnerClientOptions } from './partner/partner-client';
export { AdminClient, type AdminClientOptions } from './admin/admin-client';
export type * as Admin from './generated/admin-types';
export type * as Api from './generated/api-types';
export type { RequestOptions, FetchLike } from './http/request-options';
export { verifyPartnerNotification, type PartnerNotification } from './partner/notification';
export type * from './partner/processing-types';
export { ErrorCode } from './error-codes';
export {
  OppError,
  OppApiError,
  OppProcessingError,
  OppHttpError,
  OppNetworkError,
  OppSignatureError,
} from './errors';
export type { HttpAnswer } from './http/http-answer';
export { DEFAULT_RETRY_POLICY, PARTNER_RETRY_POLICY, type RetryPolicy } from './http/retry-policy';
export { signParams, signValues, verifyParams } from './signing/request-signature';
export { signatureValues, renderLeaf } from './signing/leaf-values';
export { phpFloatString } from './signing/php-float';
