import * as net from 'node:net';
import { findFreePort } from './free-port';

describe('findFreePort', () => {
  it('hands out ports below the ephemeral range, never the same one twice', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => findFreePort()));
    expect(new Set(ports).size).toBe(40);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_000);
    }
  });

  it('gives a port a service can listen on at once, on every interface', async () => {
    const port = await findFreePort();
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '0.0.0.0', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});
