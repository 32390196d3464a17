import type { EncryptedTable } from '@opp/platform';

/** Where the vault keeps envelopes, for the key rotation worker and the KEK retirement check. */
export const CARD_VAULT_ENCRYPTED_TABLES: readonly EncryptedTable[] = [
  { table: 'vault_cards', idColumn: 'id', columns: ['pan_encrypted'], kekColumn: 'kek_id' },
  {
    table: 'card_tokens',
    idColumn: 'id',
    columns: ['security_code_encrypted'],
    kekColumn: 'kek_id',
  },
];
