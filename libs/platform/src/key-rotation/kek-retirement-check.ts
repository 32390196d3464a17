import { ConfigError } from '@opp/config';
import type { KeyEncryptionKeys } from '@opp/crypto';
import type { EncryptedTable } from './encrypted-table';
import type { KeyRotationRepository } from './key-rotation.repository';

/**
 * A KEK may leave the configuration only once no row references it: started without a KEK that
 * rows still need, a service could not read them, so it refuses to start (exit code 78) naming
 * the variable, the KEK and the rows, never key material.
 */
export async function assertNoRetiredKekInUse(
  variable: string,
  keks: KeyEncryptionKeys,
  tables: readonly EncryptedTable[],
  repository: KeyRotationRepository,
): Promise<void> {
  const problems: string[] = [];
  for (const table of tables) {
    for (const usage of await repository.kekUsage(table)) {
      if (keks.kekIds.includes(usage.kekId)) continue;
      problems.push(
        `${variable} lacks KEK "${usage.kekId}", still used by ${usage.rows} row(s) of ` +
          `${usage.table}: put it back (after the active one) until the key rotation has re-wrapped them`,
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(variable, problems);
}
