export { startTestStack, type TestStackOptions } from './infra/test-stack';
export { suitePrefixes, suiteSlug, testBrokers, testDatabaseAdminUrl } from './infra/test-env';
export { MerchantClient, type MerchantKeys } from './clients/merchant-client';
export { AdminClient, DEV_ADMIN_TOKEN } from './clients/admin-client';
export { eventually } from './eventually';
