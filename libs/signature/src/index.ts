export { signatureValues } from './signature-values';
export { signValues, signParams, verifyParams } from './request-signature';
export { signPartnerPayload, verifyPartnerSignature } from './partner-signature';
