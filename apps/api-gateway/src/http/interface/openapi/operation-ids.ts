/**
 * The operation id of every gateway route, named for what it does, in one table keyed by
 * `<controller class>.<method>` (the key Nest gives the operation id factory). Generated clients
 * name their methods after these ids, so they follow the SDK's names (`processCard`, not
 * `CardHttpController_process`). A route missing here keeps Nest's default id, and the document
 * test refuses it.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  // Card Payment Gateway API (/v1)
  'UserHttpController.resolve': 'resolveUser',
  'CardHttpController.getToken': 'getToken',
  'CardHttpController.process': 'processCard',
  'CardHttpController.authenticate': 'authenticate',
  'RecurringHttpController.processRecurring': 'processRecurring',
  'RecurringHttpController.changeRecurring': 'changeRecurring',
  'RecurringHttpController.cancelRecurring': 'cancelRecurring',
  'TransactionHttpController.status': 'transactionStatus',
  'TransactionHttpController.one': 'getTransaction',
  'TransactionHttpController.list': 'listTransactions',
  'TransactionEventsHttpController.events': 'listTransactionEvents',
  'TransactionReverseHttpController.reverse': 'reverseTransaction',
  'WalletTransactionHttpController.create': 'createTransaction',
  'BalanceHttpController.balance': 'getBalance',
  'PayoutHttpController.types': 'listPayoutTypes',
  'PayoutHttpController.parameters': 'listPayoutParameters',
  'PayoutHttpController.payout': 'createPayout',
  'SandboxClockHttpController.get': 'getSandboxClock',
  'SandboxClockHttpController.advance': 'advanceSandboxClock',
  // Task-Tree Processing API
  'ProcessingHttpController.submit': 'submitProcessingRequest',
  'ProcessingHttpController.status': 'getProcessingStatus',
  // Hosted pages and probes
  'AcsHttpController.challenge': 'showAcsChallenge',
  'AcsHttpController.submit': 'submitAcsChallenge',
  'CheckoutHttpController.page': 'showCheckout',
  'CheckoutHttpController.answer': 'answerCheckout',
  'HealthHttpController.live': 'checkLiveness',
  'HealthHttpController.ready': 'checkReadiness',
  // Admin API and metrics (the admin listener's document)
  'AdminOperatorsHttpController.create': 'createOperator',
  'AdminOperatorsHttpController.all': 'listOperators',
  'AdminOperatorsHttpController.remove': 'removeOperator',
  'AdminProjectsHttpController.create': 'createProject',
  'AdminProjectsHttpController.get': 'getProject',
  'AdminProjectsHttpController.update': 'updateProject',
  'AdminProjectsHttpController.rotate': 'rotateProjectKeys',
  'AdminPartnersHttpController.create': 'createPartner',
  'AdminPartnersHttpController.get': 'getPartner',
  'AdminTemplatesHttpController.put': 'putTemplate',
  'AdminTemplatesHttpController.get': 'getTemplate',
  'AdminTemplatesHttpController.delete': 'deleteTemplate',
  'AdminDeliveriesHttpController.list': 'listDeliveries',
  'AdminDeliveriesHttpController.replay': 'replayDelivery',
  'AdminSandboxDisputesHttpController.chargeback': 'simulateChargeback',
  'AdminSandboxDisputesHttpController.retrieval': 'simulateRetrieval',
  'AdminProjectDeliveriesHttpController.list': 'listProjectDeliveries',
  'AdminProjectDeliveriesHttpController.resend': 'resendDelivery',
  'AdminProjectDeliveriesHttpController.resendDead': 'resendDeadDeliveries',
  'AdminTraceHttpController.transaction': 'traceTransaction',
  'AdminTraceHttpController.order': 'traceOrder',
  'AdminTraceHttpController.processing': 'traceProcessingRequest',
  'AdminTraceHttpController.search': 'searchTraces',
  'AdminTraceHttpController.balanceHistory': 'getBalanceHistory',
  'AdminSandboxClockHttpController.get': 'getProjectClock',
  'AdminSandboxClockHttpController.advance': 'advanceProjectClock',
  'MetricsHttpController.scrape': 'scrapeMetrics',
};

/** Nest's operation id factory: the table's name, else Nest's default (which the test refuses). */
export function operationIdOf(controllerKey: string, methodKey: string): string {
  return OPERATION_IDS[`${controllerKey}.${methodKey}`] ?? `${controllerKey}_${methodKey}`;
}
