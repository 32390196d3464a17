import { replyError, replyOk, type ProcessChargeV1, type UserSnapshotV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { GatewayRequestClient } from '../../requests/application/request-client.provider';
import type { ChargeUserResolver } from './charge-user.resolver';
import { ProcessCharge, type ChargeCommand } from './process-charge';

const command = { projectId: 7, idempotencyKey: '7:sig' } as ChargeCommand;
const snapshot: UserSnapshotV1 = { id: '42', identifier: 'buyer' };

function charges(answers: ReturnType<typeof replyOk | typeof replyError>[]) {
  const sent: ProcessChargeV1[] = [];
  const requests = {
    request: async (_def: unknown, payload: ProcessChargeV1) => {
      sent.push(payload);
      return answers.shift();
    },
  } as unknown as GatewayRequestClient;
  const resolved: unknown[] = [];
  const users = {
    snapshot: async (projectId: number, ref: unknown) => {
      resolved.push([projectId, ref]);
      return snapshot;
    },
  } as unknown as ChargeUserResolver;
  return { sent, resolved, process: new ProcessCharge(requests, users) };
}

describe('ProcessCharge (ADR 0065)', () => {
  it('sends who pays as a reference and asks nobody else when payments knows the user', async () => {
    const { sent, resolved, process } = charges([replyOk({ id: 1 })]);
    await expect(process.execute({ kind: 'id', userId: '42' }, command)).resolves.toEqual({
      id: 1,
    });
    expect(sent).toEqual([{ ...command, userRef: { userId: '42' } }]);
    expect(resolved).toEqual([]);
  });

  it('resolves through users-recurring and sends again with the User object when payments does not know it', async () => {
    const resolve = { projectId: 7, identifier: 'buyer', ip: '203.0.113.1' };
    const { sent, resolved, process } = charges([
      replyError(ErrorCode.UserNotFound, 'User missing'),
      replyOk({ id: 2 }),
    ]);
    await expect(process.execute({ kind: 'object', resolve }, command)).resolves.toEqual({ id: 2 });
    expect(sent).toEqual([
      { ...command, userRef: { resolve } },
      { ...command, user: snapshot },
    ]);
    expect(resolved).toEqual([[7, { kind: 'object', resolve }]]);
  });

  it('passes any other refusal on without a second hop', async () => {
    const { sent, resolved, process } = charges([
      replyError(ErrorCode.CardBlocked, 'Card blocked'),
    ]);
    await expect(process.execute({ kind: 'id', userId: '42' }, command)).rejects.toMatchObject({
      code: ErrorCode.CardBlocked,
    });
    expect(sent).toHaveLength(1);
    expect(resolved).toEqual([]);
  });
});
