/**
 * A table whose rows hold values encrypted as envelopes (EnvelopeCipher) and record, in
 * `kekColumn`, the key-encryption key their data keys are wrapped under (NULL: nothing encrypted,
 * or a legacy pre-envelope value). Names are fixed in code, never user input.
 */
export interface EncryptedTable {
  readonly table: string;
  readonly idColumn: string;
  readonly columns: readonly string[];
  readonly kekColumn: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function assertIdentifiers(table: EncryptedTable): void {
  for (const name of [table.table, table.idColumn, table.kekColumn, ...table.columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`"${name}" is not a plain SQL identifier`);
  }
}
