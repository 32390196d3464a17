/**
 * The parameters every merchant callback carries (the gateway specification's callback section),
 * `signature` aside: the end-to-end suites check each is present, whichever door the payment came in by.
 */
export const CALLBACK_FIELDS = [
  'project',
  'user',
  'id',
  'reference_id',
  'order_id',
  'amount',
  'price',
  'deposit',
  'earned',
  'vat_rate',
  'vat_amount',
  'currency',
  'type',
  'status',
  'reason',
  'sandbox',
] as const;
