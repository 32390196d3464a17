import { readFileSync } from 'node:fs';
import * as path from 'node:path';
// One definition of the gateway's layout: the lint rule's own (tools/lint-rules).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { gatewayFiles, outsideLayers } from '../../lint-rules/src/gateway-layout';
import { countByKind, importClosure, readRepo, repoRoot } from './import-graph';

/**
 * The files a request's code reaches: the static import closure (runtime imports, through the libs'
 * indexes) of the route's controller plus each Kafka handler on its way. Adapters that a Nest
 * module binds to a port are outside it (no import names them), as are the modules themselves.
 */
export const FLOWS: Record<string, string[]> = {
  'card payment (POST /v1/card/process to its callback)': [
    'apps/api-gateway/src/card/interface/card.http.controller.ts',
    'apps/payments/src/charge/interface/charge.kafka.handler.ts',
    'apps/notifier/src/callback/interface/transaction-status-changed.kafka.handler.ts',
  ],
  'task tree (POST /processing to its notification)': [
    'apps/api-gateway/src/processing/interface/processing.http.controller.ts',
    'apps/processing-orchestrator/src/processing-request/interface/processing-requests.kafka.handler.ts',
    'apps/payments/src/task/interface/payments-task.kafka.handler.ts',
    'apps/processing-orchestrator/src/processing-request/interface/task-results.kafka.handler.ts',
    'apps/notifier/src/partner-notification/interface/request-finished.kafka.handler.ts',
  ],
};

export function measure(): Record<string, unknown> {
  const figures: Record<string, unknown> = {};
  for (const [flow, entries] of Object.entries(FLOWS)) {
    figures[flow] = countByKind(importClosure(entries));
  }
  const gateway = path.join(repoRoot(), 'apps/api-gateway/src');
  const files = gatewayFiles(gateway);
  figures['gateway files outside a layer folder'] = outsideLayers(files).length;
  figures['gateway lines (src, .ts without specs)'] = files
    .filter((file) => file.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(file))
    .reduce(
      (sum, file) => sum + readFileSync(path.join(gateway, file), 'utf8').split('\n').length - 1,
      0,
    );
  return figures;
}

// `node dist/tools/docs-check/src/measure-walks.js [checkout]`, from the repository's root: the
// figures of this checkout or of another (e.g. `git archive <commit> | tar -x -C /tmp/before`).
if (require.main === module) {
  readRepo(path.resolve(process.argv[2] ?? '.'));
  process.stdout.write(`${JSON.stringify(measure(), null, 2)}\n`);
}
