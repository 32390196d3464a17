import { formatTable } from './report';

describe('formatTable', () => {
  it('aligns one row per service', () => {
    const table = formatTable([
      {
        name: 'api-gateway',
        url: 'http://127.0.0.1:3000',
        pid: 12,
        state: 'ready',
        readySeconds: 2.25,
        rssMb: 101.4,
      },
      { name: 'notifier', url: 'http://127.0.0.1:3004', state: 'stopped' },
    ]);
    expect(table.split('\n')).toEqual([
      'service      url                    pid  state    ready in  RSS',
      'api-gateway  http://127.0.0.1:3000  12   ready    2.3s      101 MB',
      'notifier     http://127.0.0.1:3004  -    stopped  -         -',
    ]);
  });
});
