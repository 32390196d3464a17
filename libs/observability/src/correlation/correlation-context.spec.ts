import {
  CorrelationContext,
  currentCorrelationId,
  runWithCorrelation,
} from './correlation-context';

describe('correlation context', () => {
  it('is empty outside a unit of work', () => {
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('follows async work and returns the callback result', async () => {
    const result = await runWithCorrelation('msg-1', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return currentCorrelationId();
    });
    expect(result).toBe('msg-1');
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('nests and keeps concurrent units apart', async () => {
    const seen = await Promise.all(
      ['a', 'b'].map((id) =>
        CorrelationContext.run(id, async () => {
          await new Promise((resolve) => setTimeout(resolve, id === 'a' ? 10 : 1));
          const inner = runWithCorrelation(`${id}-child`, () => CorrelationContext.currentId());
          return [CorrelationContext.currentId(), inner];
        }),
      ),
    );
    expect(seen).toEqual([
      ['a', 'a-child'],
      ['b', 'b-child'],
    ]);
  });
});
