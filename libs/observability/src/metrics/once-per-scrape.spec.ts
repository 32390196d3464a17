import { oncePerScrape } from './once-per-scrape';

describe('oncePerScrape', () => {
  it('shares one read between concurrent callers, and reads again for the next scrape', async () => {
    let reads = 0;
    const read = oncePerScrape(async () => ++reads);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    expect(await read()).toBe(2);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const read = oncePerScrape(async () => {
      if (fail) throw new Error('database down');
      return 'ok';
    });
    await expect(read()).rejects.toThrow('database down');
    fail = false;
    await expect(read()).resolves.toBe('ok');
  });
});
