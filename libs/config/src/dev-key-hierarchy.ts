/**
 * Development keys of the key hierarchy (docs/security/key-hierarchy.md), one per purpose. Only
 * ever devDefaults of secret variables: they never apply with NODE_ENV=production, which also
 * refuses them when given literally.
 */
const devKey = (label: string) =>
  Buffer.from(label.padEnd(32, '-').slice(0, 32)).toString('base64');

/** KEKs of the card vault (payments): CARD_DATA_KEKS. */
export const DEV_CARD_DATA_KEKS = `card-dev:${devKey('opp-dev-only-card-data-kek')}`;
/** KEKs of merchant and partner secrets (gateway): MERCHANT_SECRETS_KEKS. */
export const DEV_MERCHANT_SECRETS_KEKS = `secrets-dev:${devKey('opp-dev-only-secrets-kek')}`;
/** The platform key ring (gateway, notifier, orchestrator): SECRETS_KEYS. */
export const DEV_SECRETS_KEYS = `dev:${Buffer.from('opp-dev-only-secrets-key-32bytes').toString('base64')}`;
/**
 * The card fingerprint key: CARD_FINGERPRINT_KEY. In development it is the key SECRETS_KEYS
 * defaults to, so the fingerprints of cards vaulted before it existed still match.
 */
export const DEV_CARD_FINGERPRINT_KEY = `dev:${Buffer.from('opp-dev-only-secrets-key-32bytes').toString('base64')}`;
/** Hosted-page tokens (gateway and payments): HOSTED_PAGE_KEYS. */
export const DEV_HOSTED_PAGE_KEYS = `hosted-dev:${devKey('opp-dev-only-hosted-page-key')}`;
