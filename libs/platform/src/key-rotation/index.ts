export type { EncryptedTable } from './encrypted-table';
export { KeyRotationRepository, type KekUsage } from './key-rotation.repository';
export { KeyRotationWorker, type KeyRotationOptions } from './key-rotation.worker';
export { assertNoRetiredKekInUse } from './kek-retirement-check';
export { envelopeKeyProviders, type EnvelopeKeyOptions } from './envelope-key.providers';
