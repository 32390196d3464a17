export { ErrorCode, httpStatusOf } from './error-code';
export { errorCatalogue, type CatalogueEntry } from './error-catalogue';
export { ApiError, toErrorEnvelope, type ErrorEnvelope } from './api-error';
