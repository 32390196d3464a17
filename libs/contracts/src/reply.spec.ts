import { answer, Refusal } from './reply';

describe('answer', () => {
  it('answers the value of a use case that succeeds', async () => {
    await expect(answer(() => Promise.resolve(7))).resolves.toEqual({ ok: true, value: 7 });
  });

  it('answers a refusal as an error reply with its catalogue code', async () => {
    const reply = await answer(() => {
      throw new Refusal(1502, 'amount too high');
    });
    expect(reply).toEqual({ ok: false, error: { code: 1502, message: 'amount too high' } });
  });

  it('lets any other error through so the inbox transaction rolls back', async () => {
    await expect(
      answer(() => {
        throw new Error('broker down');
      }),
    ).rejects.toThrow('broker down');
  });
});
