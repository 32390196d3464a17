import { replyError, replyOk, type CreatePayoutV1, type Reply } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import type { GatewayConfig } from '../../config/gateway.config';
import type { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { CreatePayout } from './create-payout';

const command = { projectId: 7, requestKey: '7:sig' } as CreatePayoutV1;

function payouts(answer: () => Reply<unknown>, requestTimeoutMs = 2000) {
  const sent: { payload: CreatePayoutV1; key: string }[] = [];
  const requests = {
    request: async (_def: unknown, payload: CreatePayoutV1, options: { key: string }) => {
      sent.push({ payload, key: options.key });
      return answer();
    },
  } as unknown as GatewayRequestClient;
  const config = { requestTimeoutMs } as GatewayConfig;
  return { sent, create: new CreatePayout(requests, config) };
}

describe('CreatePayout (ADR 0060)', () => {
  it('asks payouts again with the same command and key until the flow is accepted', async () => {
    const answers = [
      replyOk({ state: 'pending' }),
      replyOk({ state: 'pending' }),
      replyOk({ state: 'accepted', id: 41, status: 'processing' }),
    ];
    const { sent, create } = payouts(() => answers.shift()!);
    await expect(create.execute(command)).resolves.toEqual({
      id: 41,
      success: true,
      status: 'processing',
    });
    expect(sent).toEqual(Array(3).fill({ payload: command, key: '7:sig' }));
  });

  it("answers the flow's refusal as its catalogue error", async () => {
    const { create } = payouts(() => replyError(ErrorCode.InsufficientBalance, 'Insufficient'));
    await expect(create.execute(command)).rejects.toMatchObject({
      code: ErrorCode.InsufficientBalance,
    });
  });

  it('answers 503 when the flow is still pending after the request timeout', async () => {
    const { sent, create } = payouts(() => replyOk({ state: 'pending' }), 300);
    const failure = await create.execute(command).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: ErrorCode.ServiceUnavailable });
    expect(sent.length).toBeGreaterThan(1);
  });
});
