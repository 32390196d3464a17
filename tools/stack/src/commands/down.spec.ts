import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { servicePidFiles } from './down';

describe('servicePidFiles', () => {
  it('finds the pid file of every instance of every app, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opp-run-'));
    try {
      for (const file of [
        'api-gateway.pid',
        'api-gateway-2.pid',
        'payments-3.pid',
        'kafka.pid',
        'state.json',
      ])
        fs.writeFileSync(path.join(dir, file), '1\n');
      const found = servicePidFiles(dir).map(({ name, file }) => [name, path.basename(file)]);
      expect(found.sort()).toEqual([
        ['api-gateway', 'api-gateway-2.pid'],
        ['api-gateway', 'api-gateway.pid'],
        ['payments', 'payments-3.pid'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
