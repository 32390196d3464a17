/**
 * The development key pair that seals card data for the payments service (docs/security/card-data.md).
 * Only ever a devDefault: it never applies with NODE_ENV=production, where both halves must be set.
 */
export const DEV_CARD_DATA_PUBLIC_KEY =
  'dev:MCowBQYDK2VuAyEAAOucBVdQuxUjKDHhC2zkcfsB3ui3ecixsfVeXnlWHQk=';
export const DEV_CARD_DATA_PRIVATE_KEYS =
  'dev:MC4CAQAwBQYDK2VuBCIEICjGQy7L0ViGyQCfV36U9wxjoSbV/njT+Jo6VitD+TdS';
