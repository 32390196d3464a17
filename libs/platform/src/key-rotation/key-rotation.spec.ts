import { randomBytes } from 'node:crypto';
import { ConfigError } from '@opp/config';
import { EnvelopeCipher, LocalKeyEncryptionKeys } from '@opp/crypto';
import { MetricsRegistry } from '@opp/observability';
import type { EncryptedTable } from './encrypted-table';
import { assertNoRetiredKekInUse } from './kek-retirement-check';
import type { KekUsage, KeyRotationRepository } from './key-rotation.repository';
import { KeyRotationWorker } from './key-rotation.worker';

const TABLES: EncryptedTable[] = [
  { table: 'vault_cards', idColumn: 'id', columns: ['pan_encrypted'], kekColumn: 'kek_id' },
  { table: 'card_tokens', idColumn: 'id', columns: ['code'], kekColumn: 'kek_id' },
];
const kekA = `a:${randomBytes(32).toString('base64')}`;
const kekB = `b:${randomBytes(32).toString('base64')}`;

/** Rows per table, each a value and its KEK id, as the SQL repository would see them. */
class InMemoryRepository {
  constructor(readonly rows: Record<string, { value: string; kek: string | null }[]>) {}

  async kekUsage(table: EncryptedTable): Promise<KekUsage[]> {
    const counts = new Map<string, number>();
    for (const row of this.rows[table.table]) {
      if (row.kek !== null) counts.set(row.kek, (counts.get(row.kek) ?? 0) + 1);
    }
    return [...counts].map(([kekId, rows]) => ({ table: table.table, kekId, rows }));
  }

  async pendingRows(table: EncryptedTable, active: string): Promise<number> {
    return this.rows[table.table].filter((row) => row.kek !== active).length;
  }

  async rewrapBatch(
    table: EncryptedTable,
    active: string,
    limit: number,
    rewrap: (value: string) => Promise<string>,
  ): Promise<number> {
    const pending = this.rows[table.table].filter((row) => row.kek !== active).slice(0, limit);
    for (const row of pending) {
      row.value = await rewrap(row.value);
      row.kek = active;
    }
    return pending.length;
  }
}

const asRepository = (r: InMemoryRepository) => r as unknown as KeyRotationRepository;
const poll = (worker: KeyRotationWorker) =>
  (worker as unknown as { poll(): Promise<boolean> }).poll();

describe('assertNoRetiredKekInUse', () => {
  const repository = new InMemoryRepository({
    vault_cards: [
      { value: 'x', kek: 'a' },
      { value: 'y', kek: 'b' },
    ],
    card_tokens: [{ value: 'z', kek: 'a' }],
  });

  it('passes while every KEK that rows use is configured', async () => {
    const keks = new LocalKeyEncryptionKeys(`${kekB},${kekA}`);
    await expect(
      assertNoRetiredKekInUse('CARD_DATA_KEKS', keks, TABLES, asRepository(repository)),
    ).resolves.toBeUndefined();
  });

  it('refuses a configuration that retired a KEK still in use, naming it and the rows', async () => {
    const keks = new LocalKeyEncryptionKeys(kekB);
    const check = assertNoRetiredKekInUse('CARD_DATA_KEKS', keks, TABLES, asRepository(repository));
    await expect(check).rejects.toThrow(ConfigError);
    await expect(check).rejects.toThrow(
      /CARD_DATA_KEKS lacks KEK "a", still used by 1 row\(s\) of vault_cards[\s\S]*1 row\(s\) of card_tokens/,
    );
  });
});

describe('KeyRotationWorker', () => {
  it('re-wraps in batches, table by table, until nothing is pending, then stays idle', async () => {
    const underA = new EnvelopeCipher(new LocalKeyEncryptionKeys(kekA), 'card-data');
    const underBA = new EnvelopeCipher(new LocalKeyEncryptionKeys(`${kekB},${kekA}`), 'card-data');
    const values = ['4111111111111111', '5555555555554444', '378282246310005'];
    const repository = new InMemoryRepository({
      vault_cards: await Promise.all(
        values.map(async (v) => ({ value: await underA.encrypt(v), kek: 'a' })),
      ),
      card_tokens: [{ value: await underA.encrypt('123'), kek: 'a' }],
    });
    const worker = new KeyRotationWorker(
      asRepository(repository),
      { cipher: underBA, tables: TABLES, batchSize: 2 },
      new MetricsRegistry('test', { defaultMetrics: false }),
    );
    const rounds: boolean[] = [];
    for (let i = 0; i < 4; i++) rounds.push(await poll(worker));
    expect(rounds).toEqual([true, true, true, false]);
    const all = [...repository.rows.vault_cards, ...repository.rows.card_tokens];
    expect(all.every((row) => row.kek === 'b' && row.value.startsWith('e1.b.'))).toBe(true);
    const underB = new EnvelopeCipher(new LocalKeyEncryptionKeys(kekB), 'card-data');
    expect(
      await Promise.all(repository.rows.vault_cards.map((row) => underB.decrypt(row.value))),
    ).toEqual(values);
  });
});
