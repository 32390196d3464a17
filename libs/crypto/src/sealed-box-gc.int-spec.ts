import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The built module, as the services run it (the test run builds first, like the services' tests). */
const BUILT = path.resolve(__dirname, '../../../dist/libs/crypto/src/sealed-box.js');

/**
 * ADR 0063: sealing must not hang its process. Exporting a freshly generated ephemeral key from its
 * key object deadlocked Node 20 when a garbage collection during the export finalized the key's
 * generation job: a gateway under load stopped answering for good. The child seals under heavy
 * collection pressure (a 1 MiB young generation); with the export back in `seal` it hangs within
 * the first few thousand boxes and is killed at the timeout.
 */
describe('sealed boxes under garbage collection pressure', () => {
  it('seals 30,000 boxes without hanging its process', () => {
    expect(fs.existsSync(BUILT)).toBe(true);
    // Batches between event-loop turns, as a server seals: a plain loop seldom met the hang.
    const script = `
      const { SealingKey, generateSealingKeyPair } = require(${JSON.stringify(BUILT)});
      // A key agreement per box, as before ADR 0063's windows: every box makes an ephemeral key.
      const key = SealingKey.parse(generateSealingKeyPair('gc').publicKey, {
        maxBoxes: 1,
        maxAgeMs: 1000,
      });
      let garbage = [];
      let sealed = 0;
      (function batch() {
        for (let i = 0; i < 1000; i++, sealed++) {
          key.seal('4242424242424242|737', 'card:v1:1');
          garbage.push('g'.repeat(64) + i);
          if (garbage.length > 1000) garbage = [];
        }
        if (sealed < 30000) setImmediate(batch);
        else process.stdout.write('sealed ' + sealed);
      })();`;
    const child = spawnSync(process.execPath, ['--max-semi-space-size=1', '-e', script], {
      encoding: 'utf8',
      timeout: 90_000,
      killSignal: 'SIGKILL',
    });
    expect({ signal: child.signal, stdout: child.stdout, stderr: child.stderr }).toEqual({
      signal: null,
      stdout: 'sealed 30000',
      stderr: '',
    });
  }, 120_000);
});
