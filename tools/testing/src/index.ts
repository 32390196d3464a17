export { startTestStack, STACK_START_TIMEOUT_MS, type TestStackOptions } from './infra/test-stack';
export {
  suiteLogDir,
  suitePrefixes,
  suiteSlug,
  testBrokers,
  testDatabaseAdminUrl,
} from './infra/test-env';
export { MerchantClient, type MerchantAnswer, type MerchantKeys } from './clients/merchant-client';
export { AdminClient, DEV_ADMIN_TOKEN } from './clients/admin-client';
export { newMerchant } from './clients/new-merchant';
export { eventually } from './eventually';
export {
  CaptureServer,
  formFields,
  type CaptureAnswer,
  type CapturedRequest,
  type Responder,
} from './http/capture-server';
export { SmtpCaptureServer, type CapturedMail } from './smtp/smtp-capture-server';
export { launchChromium, pageProblems, CHROMIUM_ARGS, CHROMIUM_PATH } from './browser/chromium';
export { PageServer, autoPostPage, type ReceivedPage } from './http/page-server';
export { CALLBACK_FIELDS } from './http/callback-fields';
export {
  awaitProjectSnapshot,
  awaitSubscription,
  queryStackDb,
  reserveInPaymentsLedger,
} from './stack-db';
export { findCardDataInStack } from './card-data-in-stack';
export { readTopicsToEnd } from './topic-reader';
export { findCardDataInLogs, SANDBOX_PANS, type CardDataFinding } from './card-data-scan';
export {
  StatementLog,
  statementSuite,
  statementLogger,
  freshSqlLog,
  headOf,
  transactionAround,
  transactionsIn,
  type LoggedStatement,
  type StatementStack,
} from './statement-log';
export { SANDBOX_PROJECT_SETTINGS } from './project-settings';
export { holdTransactionOpen, type HeldTransaction } from './held-transaction';
export { lockWaitersReach } from './lock-waiters';
export { genericPlan } from './generic-plan';
export { MigratedTestDatabase, freshTestDatabase } from './migrated-database';
export {
  PartnerClient,
  newPartner,
  taskStatuses,
  wait,
  type PartnerKeys,
  type HttpAnswer as PartnerAnswer,
  type Json as PartnerJson,
} from './clients/partner-client';
export { SANDBOX_CARD, SANDBOX_DECLINES } from './sandbox-card';
export {
  CARD_PAYOUT_PARAMETERS,
  SANDBOX_IBANS,
  SANDBOX_SEPA_PAYOUT,
  SEPA_PAYOUT_PARAMETERS,
} from './sandbox-payout';
