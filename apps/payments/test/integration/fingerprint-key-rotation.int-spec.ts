import { randomBytes } from 'node:crypto';
import { TokenizeCardV1Request } from '@opp/contracts';
import { eventually } from '@opp/testing';
import { PaymentsHarness, sealedCardData, valueOf } from './payments-harness';
import { RowLockHolder } from './row-lock-probe';

const FP_A = `fp-a:${randomBytes(32).toString('base64')}`;
const FP_B = `fp-b:${randomBytes(32).toString('base64')}`;
const NUMBERS = ['4242424242424242', '5555555555554444', '378282246310005'];

/**
 * The card fingerprint key rotates (ADR 0063): with `CARD_FINGERPRINT_KEY=new,old` look-ups match
 * the old and the new fingerprint while the worker re-fingerprints every row; the same card keeps
 * its vault row before, during and after, and the old key can then leave.
 */
describe('payments: card fingerprint key rotation', () => {
  let h: PaymentsHarness;
  let project: number;
  const payments = () => h.stack.services.payments!;
  const original = new Map<string, string>();

  beforeAll(async () => {
    h = await PaymentsHarness.start('payments fingerprint rotation', ['payments'], {
      CARD_FINGERPRINT_KEY: FP_A,
    });
    project = await h.createProject();
  });

  afterAll(async () => {
    await h?.stop();
  });

  const cardIdOf = async (number: string): Promise<string> => {
    const token = valueOf(
      await h.request(TokenizeCardV1Request, {
        projectId: project,
        sealedCard: sealedCardData(project, number),
      }),
    ) as { id: string };
    const [row] = await h.sql<{ id: string }>(
      'SELECT card_id AS id FROM card_tokens WHERE id = $1',
      [token.id],
    );
    return row.id;
  };
  const rows = () =>
    h.sql<{ id: string; kid: string; fingerprint: string }>(
      `SELECT id, fingerprint_kid AS kid, pan_fingerprint AS fingerprint FROM vault_cards ORDER BY id`,
    );

  it('vaults cards fingerprinted with the current key, its kid on each row', async () => {
    for (const number of NUMBERS) original.set(number, await cardIdOf(number));
    expect((await rows()).map((r) => r.kid)).toEqual(['fp-a', 'fp-a', 'fp-a']);
  });

  it('during a rotation finds a card by its old fingerprint, and re-fingerprints every row', async () => {
    const before = await rows();
    const held = original.get(NUMBERS[0])!;
    // The worker skips a locked row: this one keeps its old fingerprint while the lock is held. NO KEY:
    // a token's foreign key to the card still gets its share lock, as during a charge.
    const holder = await RowLockHolder.lock(
      h.stack.databaseUrls.payments!,
      'SELECT 1 FROM vault_cards WHERE id = $1 FOR NO KEY UPDATE',
      [held],
    );
    try {
      await payments().restart({ CARD_FINGERPRINT_KEY: `${FP_B},${FP_A}` });
      await eventually(
        async () => (await rows()).filter((r) => r.kid === 'fp-b').length === NUMBERS.length - 1,
        'every unlocked row re-fingerprinted under fp-b',
      );
      const stillOld = (await rows()).find((r) => r.id === held)!;
      expect(stillOld.kid).toBe('fp-a');
      // Found by the old fingerprint (the held row) and by the new one (the others): no new row.
      for (const number of NUMBERS) expect(await cardIdOf(number)).toBe(original.get(number));
      expect(await rows()).toHaveLength(NUMBERS.length);
    } finally {
      await holder.release();
    }
    await eventually(
      async () => (await rows()).every((r) => r.kid === 'fp-b'),
      'the held row re-fingerprinted once released',
    );
    const after = await rows();
    for (const row of after) {
      expect(row.fingerprint).not.toBe(before.find((b) => b.id === row.id)!.fingerprint);
    }
  });

  it('after the rotation the old key leaves and every card keeps its row', async () => {
    await payments().restart({ CARD_FINGERPRINT_KEY: FP_B });
    for (const number of NUMBERS) expect(await cardIdOf(number)).toBe(original.get(number));
    expect(await rows()).toHaveLength(NUMBERS.length);
  });
});
