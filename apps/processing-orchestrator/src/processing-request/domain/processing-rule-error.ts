/**
 * Why a Request object is refused (400). `code` is the stable upper-case code the gateway answers in
 * `{"error":{"code","message"}}`; the list is documented in the gateway's OpenAPI description.
 */
export const PROCESSING_RULES = [
  'INVALID_REQUEST',
  'HEADER_REQUEST_MISSING',
  'INVALID_HEADER',
  'TASKS_EMPTY',
  'MALFORMED_TREE',
  'UNKNOWN_TASK_TYPE',
  'TOO_MANY_TASKS',
  'TREE_TOO_DEEP',
  'UNKNOWN_TEMPLATE',
  'TEMPLATE_PARAMETER_MISSING',
  'DUPLICATE_REQUEST_ID',
] as const;
export type ProcessingRule = (typeof PROCESSING_RULES)[number];

export class ProcessingRuleError extends Error {
  constructor(
    readonly code: ProcessingRule,
    message: string,
  ) {
    super(message);
    this.name = 'ProcessingRuleError';
  }
}
