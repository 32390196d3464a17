import { randomBytes } from 'node:crypto';
import { ProcessChargeV1Request, TokenizeCardV1Request } from '@opp/contracts';
import { eventually } from '@opp/testing';
import { cardDataLeaks } from './card-data-audit';
import { devKeyRing, PaymentsHarness, sealedCardData, valueOf } from './payments-harness';
import { RowLockHolder } from './row-lock-probe';

const kek = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const KEK_A = kek('kek-a');
const KEK_B = kek('kek-b');
const NUMBERS = [
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
];
// Vaulted before envelopes existed: a v1 token of the platform key ring, no KEK id.
const LEGACY_NUMBER = '6011111111111117';
const SECURITY_CODE = '481';

/**
 * Card-data KEK rotation (docs/security/key-hierarchy.md): a new active KEK makes the worker
 * re-wrap every vault row in batches; a SIGKILL mid-rotation loses only the open batch and a
 * restart finishes the work; the fingerprint key does not rotate, so the same card finds the same
 * row; a KEK still referenced cannot be retired, one no longer referenced can.
 */
describe('payments: card-data key rotation', () => {
  let h: PaymentsHarness;
  let project: number;
  const payments = () => h.stack.services.payments!;

  beforeAll(async () => {
    h = await PaymentsHarness.start('payments kek rotation', ['payments'], {
      CARD_DATA_KEKS: KEK_A,
      KEY_ROTATION_BATCH_SIZE: '2',
    });
    project = await h.createProject();
  });

  afterAll(async () => {
    await h?.stop();
  });

  const tokenize = async (number: string) =>
    valueOf(
      await h.request(TokenizeCardV1Request, {
        projectId: project,
        sealedCard: sealedCardData(project, number, SECURITY_CODE),
      }),
    );
  const cardIdOf = async (tokenId: string) =>
    (
      await h.sql<{ id: string }>('SELECT card_id AS id FROM card_tokens WHERE id = $1', [tokenId])
    )[0].id;
  const cardsByKek = async () =>
    h.sql<{ id: string; kek: string | null; pan: string }>(
      'SELECT id, kek_id AS kek, pan_encrypted AS pan FROM vault_cards ORDER BY id',
    );
  const vaultRows = async () =>
    (await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM vault_cards'))[0].n;

  const before = new Map<string, { tokenId: string; cardId: string }>();

  it('vaults cards as envelopes under the active KEK, the KEK id on each row', async () => {
    for (const number of NUMBERS) {
      const token = await tokenize(number);
      before.set(number, { tokenId: token.id, cardId: await cardIdOf(token.id) });
    }
    await h.sql(
      `INSERT INTO vault_cards (id, project_id, pan_encrypted, pan_fingerprint, first_six, last_four,
         pan_length, scheme, expiration_month, expiration_year, holder, bank_name, country)
       VALUES (gen_random_uuid(), $1, $2, $3, '601111', '1117', 16, 'discover', 12, $4, NULL, 'x', 'US')`,
      [
        project,
        devKeyRing.encrypt(LEGACY_NUMBER),
        devKeyRing.fingerprint(LEGACY_NUMBER),
        new Date().getUTCFullYear() + 3,
      ],
    );
    const cards = await cardsByKek();
    expect(cards).toHaveLength(NUMBERS.length + 1);
    expect(cards.filter((c) => c.kek === 'kek-a' && c.pan.startsWith('e2.kek-a.'))).toHaveLength(
      NUMBERS.length,
    );
    expect(cards.filter((c) => c.kek === null && c.pan.startsWith('v1.dev.'))).toHaveLength(1);
    const codes = await h.sql<{ kek: string; code: string }>(
      'SELECT kek_id AS kek, security_code_encrypted AS code FROM card_tokens',
    );
    expect(codes.every((c) => c.kek === 'kek-a' && c.code.startsWith('e2.kek-a.'))).toBe(true);
  });

  it('loses only the open batch when killed mid-rotation, and a restart finishes it', async () => {
    const cards = await cardsByKek();
    // Batch size 2: the first batch (rows 1-2) commits, the second locks row 3 and waits for row 4.
    const holder = await RowLockHolder.lock(
      h.stack.databaseUrls.payments!,
      'SELECT 1 FROM vault_cards WHERE id = $1 FOR UPDATE',
      [cards[3].id],
    );
    try {
      await payments().restart({ CARD_DATA_KEKS: `${KEK_B},${KEK_A}` });
      await holder.waitForBlocked('vault_cards');
      const midway = await cardsByKek();
      expect(midway.slice(0, 2).map((c) => c.kek)).toEqual(['kek-b', 'kek-b']);
      await payments().kill();
    } finally {
      await holder.release();
    }
    const afterKill = await cardsByKek();
    // Row 3 was re-wrapped inside the open batch: the kill rolled it back with the batch.
    expect(afterKill.filter((c) => c.kek === 'kek-b').map((c) => c.id)).toEqual([
      cards[0].id,
      cards[1].id,
    ]);
    expect(afterKill.slice(2).every((c) => c.kek !== 'kek-b')).toBe(true);

    await payments().restart();
    await eventually(async () => {
      const rows = await cardsByKek();
      const codes = await h.sql<{ kek: string }>(
        'SELECT kek_id AS kek FROM card_tokens WHERE security_code_encrypted IS NOT NULL',
      );
      return (
        // Bound envelopes stay e2; the legacy row becomes an unbound e1 envelope (ADR 0063).
        rows.every((c) => c.kek === 'kek-b' && /^e[12]\.kek-b\./.test(c.pan)) &&
        rows.filter((c) => c.pan.startsWith('e1.')).length === 1 &&
        codes.every((c) => c.kek === 'kek-b')
      );
    }, 'every vault row and security code re-wrapped under kek-b');
    const metrics = await fetch(`${payments().url}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/opp_key_rotation_pending_rows\{[^}]*table="vault_cards"[^}]*\} 0/);
  });

  it('finds the same vault card for the same number after the rotation: no duplicate', async () => {
    const rows = await vaultRows();
    for (const number of [...NUMBERS, LEGACY_NUMBER]) {
      const token = await tokenize(number);
      if (number !== LEGACY_NUMBER)
        expect(await cardIdOf(token.id)).toBe(before.get(number)!.cardId);
    }
    expect(await vaultRows()).toBe(rows);
    const [legacy] = await h.sql<{ kek: string }>(
      `SELECT kek_id AS kek FROM vault_cards WHERE last_four = '1117'`,
    );
    expect(legacy.kek).toBe('kek-b');
  });

  it('refuses to start without a KEK rows still use, and starts once it is unused', async () => {
    await expect(payments().restart({ CARD_DATA_KEKS: KEK_A })).rejects.toThrow(
      /exited \(code 78\)[\s\S]*CARD_DATA_KEKS lacks KEK "kek-b", still used by \d+ row\(s\) of vault_cards/,
    );
    // kek-a is referenced by no row any more: it is retired.
    await payments().restart({ CARD_DATA_KEKS: KEK_B });
    const charge = await h.request(
      ProcessChargeV1Request,
      h.chargeCommand(project, { cardToken: before.get(NUMBERS[0])!.tokenId }),
    );
    expect(valueOf(charge)).toMatchObject({ status: 'completed' });
    expect(await cardDataLeaks(h, [...NUMBERS, LEGACY_NUMBER], [SECURITY_CODE])).toEqual([]);
  });
});
