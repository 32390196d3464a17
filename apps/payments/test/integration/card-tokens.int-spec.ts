import { ProcessChargeV1Request, TokenizeCardV1Request } from '@opp/contracts';
import { eventually } from '@opp/testing';
import { cardDataLeaks, ledgerAudit } from './card-data-audit';
import { sealedCardData, errorCodeOf, PaymentsHarness, valueOf } from './payments-harness';
import { RowLockHolder } from './row-lock-probe';

const TTL_SECONDS = 5;
const NUMBER = '4242424242424242';
const SECURITY_CODE = '913';

/** Temporary tokens: lifetime, single use under concurrency, security code erasure; idempotency. */
describe('payments: card tokens and idempotency', () => {
  let h: PaymentsHarness;
  let project: number;

  beforeAll(async () => {
    h = await PaymentsHarness.start('payments tokens', ['payments'], {
      CARD_TOKEN_TTL_SECONDS: String(TTL_SECONDS),
    });
    project = await h.createProject();
  });

  afterAll(async () => {
    await h?.stop();
  });

  const tokenize = async (number = NUMBER) =>
    valueOf(
      await h.request(TokenizeCardV1Request, {
        projectId: project,
        sealedCard: sealedCardData(project, number, SECURITY_CODE),
      }),
    );
  const chargeWith = (cardToken: string, fields = {}) =>
    h.request(ProcessChargeV1Request, h.chargeCommand(project, { cardToken, ...fields }));
  const storedCode = async (tokenId: string) =>
    (
      await h.sql<{ code: string | null }>(
        'SELECT security_code_encrypted AS code FROM card_tokens WHERE id = $1',
        [tokenId],
      )
    )[0].code;

  it('gives a token with its expiry and the masked card, the code stored encrypted', async () => {
    const before = Date.now();
    const token = await tokenize();
    expect(token.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const lifetime = new Date(token.expiresAt).getTime() - before;
    expect(lifetime).toBeGreaterThan((TTL_SECONDS - 1) * 1000);
    expect(lifetime).toBeLessThanOrEqual((TTL_SECONDS + 1) * 1000);
    expect(token.card).toMatchObject({
      lastFour: '4242',
      mask: '************4242',
      scheme: 'visa',
    });
    expect(await storedCode(token.id)).toMatch(/^e2\.card-dev\./);
  });

  it('charges once with a token: the second use is 40305 and the code is gone', async () => {
    const token = await tokenize();
    expect(valueOf(await chargeWith(token.id))).toMatchObject({ status: 'completed' });
    expect(await storedCode(token.id)).toBeNull();
    expect(errorCodeOf(await chargeWith(token.id))).toBe(40305);
  });

  it('answers 40402 for a token it does not know, or of another project', async () => {
    expect(errorCodeOf(await chargeWith('no-such-token'))).toBe(40402);
    const token = await tokenize();
    const other = await h.createProject();
    const foreign = await h.request(
      ProcessChargeV1Request,
      h.chargeCommand(other, { cardToken: token.id }),
    );
    expect(errorCodeOf(foreign)).toBe(40402);
  });

  it('lets exactly one of 50 concurrent charges use a token; 49 get 40305', async () => {
    const token = await tokenize();
    const replies = await Promise.all(Array.from({ length: 50 }, () => chargeWith(token.id)));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.filter((r) => errorCodeOf(r) === 40305)).toHaveLength(49);
    const rows = await h.sql(
      `SELECT t.id FROM transactions t JOIN card_tokens k ON k.card_id = t.card_id
       WHERE k.id = $1 AND t.created_at >= k.created_at`,
      [token.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('makes a charge wait while another holds the token between lock and claim, then answers 40305', async () => {
    const token = await tokenize();
    // The test is the first charge: it has locked the token and not yet claimed it.
    const first = await RowLockHolder.lock(
      h.stack.databaseUrls.payments!,
      'SELECT 1 FROM card_tokens WHERE id = $1 FOR UPDATE',
      [token.id],
    );
    const second = chargeWith(token.id);
    await first.waitForBlocked('card_tokens').catch(async (error: unknown) => {
      await first.release();
      throw error;
    });
    await first.commit(
      `UPDATE card_tokens SET used_at = now(), security_code_encrypted = NULL WHERE id = $1`,
      [token.id],
    );
    expect(errorCodeOf(await second)).toBe(40305);
    const charges = await h.sql(
      `SELECT t.id FROM transactions t JOIN card_tokens k ON k.card_id = t.card_id
       WHERE k.id = $1 AND t.created_at >= k.created_at`,
      [token.id],
    );
    expect(charges).toHaveLength(0);
  });

  it('refuses an expired token with 40304, and the sweep erases unused expired codes', async () => {
    const tried = await tokenize();
    const untouched = await tokenize();
    await eventually(
      async () => Date.now() > new Date(tried.expiresAt).getTime(),
      'the tokens to expire',
      (TTL_SECONDS + 5) * 1000,
    );
    expect(errorCodeOf(await chargeWith(tried.id))).toBe(40304);
    expect(await storedCode(tried.id)).toBeNull();
    await eventually(async () => (await storedCode(untouched.id)) === null, 'the sweep');
  });

  it('charges once for one idempotency key, sequential or concurrent redelivery', async () => {
    const command = h.chargeCommand(project, {
      sealedCard: sealedCardData(project, '5555555555554444'),
    });
    const first = valueOf(await h.request(ProcessChargeV1Request, command));
    const again = valueOf(await h.request(ProcessChargeV1Request, command));
    expect(again).toEqual(first);

    const concurrent = h.chargeCommand(project, {
      sealedCard: sealedCardData(project, '5555555555554444'),
    });
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => h.request(ProcessChargeV1Request, concurrent)),
    );
    expect(new Set(replies.map((r) => valueOf(r).id)).size).toBe(1);
    for (const key of [command.idempotencyKey, concurrent.idempotencyKey]) {
      const rows = await h.sql<{ entries: number }>(
        `SELECT (SELECT count(*)::int FROM journal_entries e WHERE e.transaction_id = t.id) AS entries
         FROM transactions t WHERE idempotency_key = $1`,
        [key],
      );
      expect(rows).toEqual([{ entries: 1 }]);
    }
  });

  it('leaves no security code in a used or expired token, no card data, a balanced journal', async () => {
    const holding = await h.sql(
      `SELECT id FROM card_tokens WHERE security_code_encrypted IS NOT NULL
       AND (used_at IS NOT NULL OR expires_at <= now() OR kind = 'permanent')`,
    );
    expect(holding).toEqual([]);
    expect(await cardDataLeaks(h, [NUMBER, '5555555555554444'], [SECURITY_CODE])).toEqual([]);
    const { totals, unbalanced } = await ledgerAudit(h);
    expect(unbalanced).toEqual([]);
    for (const t of totals) expect(t.debits).toBe(t.credits);
  });
});
