import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as qs from 'qs';
import { verifyParams } from '@opp/signature';

/**
 * Baseline: a bare Node HTTP server doing only what every gateway request must do first: parse
 * the form body, check the ADR 0003 signature, answer JSON. The gateway's figure is read against
 * it.
 */
export async function startBareSignedServer(
  privateKey: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const params = qs.parse(Buffer.concat(chunks).toString('utf8'));
      const valid = verifyParams(params, params.signature, [privateKey]);
      response.writeHead(valid ? 200 : 403, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(valid ? { success: true, id: 1, status: 'completed' } : { error: 40301 }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
