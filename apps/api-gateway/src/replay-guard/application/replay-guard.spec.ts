import { ApiError } from '@opp/errors';
import type { GatewayConfig } from '../../config/gateway.config';
import { ReplayGuard } from './replay-guard';
import type { ClaimKey, SignedRequestRow } from './signed-request.store';

/** The repository's decisions, scripted: whether a claim wins, and the row a loser finds. */
function guardWith(claimWins: boolean, row: SignedRequestRow | null) {
  const repository = {
    claim: jest.fn(async () => claimWins),
    find: jest.fn(async () => row),
    storeAnswer: jest.fn(async () => undefined),
    giveUp: jest.fn(async () => undefined),
    noteReplay: jest.fn(async () => undefined),
  };
  const config = { requestTimeoutMs: 1 } as GatewayConfig;
  const guard = new ReplayGuard(repository, config);
  return { guard, repository };
}

const key: ClaimKey = { projectId: 1, signature: 'a'.repeat(64) };
const answer = { status: 200, body: '{"id":1}' };

describe('ReplayGuard (ADR 0003, ADR 0059)', () => {
  it('lets the first request of a signature execute, a POST with its claim to answer', async () => {
    const { guard } = guardWith(true, null);
    expect(await guard.decide(key, 'h1', 'replay')).toMatchObject({ kind: 'execute', key });
    expect(await guard.decide(key, 'h1', 'fresh')).toEqual({ kind: 'fresh' });
  });

  it('answers an identical GET afresh, even when an answer is stored, and never waits', async () => {
    const { guard } = guardWith(false, { paramsHash: 'h1', answer: null });
    expect(await guard.decide(key, 'h1', 'fresh')).toEqual({ kind: 'fresh' });
    const answered = guardWith(false, { paramsHash: 'h1', answer });
    expect(await answered.guard.decide(key, 'h1', 'fresh')).toEqual({ kind: 'fresh' });
  });

  it('replays an identical POST its stored answer', async () => {
    const { guard } = guardWith(false, { paramsHash: 'h1', answer });
    expect(await guard.decide(key, 'h1', 'replay')).toEqual({ kind: 'replay', answer });
  });

  it('refuses the signature with other parameters or on another operation, GET or POST: 403 40301', async () => {
    for (const repeat of ['fresh', 'replay'] as const) {
      for (const stored of [null, answer]) {
        const { guard } = guardWith(false, { paramsHash: 'h-get', answer: stored });
        const refusal = await guard.decide(key, 'h-post', repeat).catch((e: unknown) => e);
        expect(refusal).toBeInstanceOf(ApiError);
        expect(refusal).toMatchObject({ status: 403, code: 40301 });
      }
    }
  });

  it('gives a claim up without forgetting it: its row is kept, bound to its parameters', async () => {
    const { guard, repository } = guardWith(true, null);
    await guard.giveUp({ key, claimToken: 't' });
    expect(repository.giveUp).toHaveBeenCalledWith(key, 't');
  });
});
