import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './repo-files';
import { walkProblems, walkSteps } from './walks';

const WALKS = ['docs/architecture/card-process-walk.md', 'docs/architecture/processing-walk.md'];

describe('walks of a request through the code (docs/architecture)', () => {
  it.each(WALKS)('%s names files that exist, each reached from an earlier one', (walk) => {
    const steps = walkSteps(readFileSync(path.join(REPO_ROOT, walk), 'utf8'));
    expect(steps.length).toBeGreaterThan(20);
    expect(walkProblems(steps)).toEqual([]);
  });

  it('finds a missing file, a file nothing earlier imports, a port not adapted and a message nobody sends', () => {
    const walk = [
      '| # | file | reached by | step |',
      '|---|---|---|---|',
      '| 1 | `apps/api-gateway/src/card/interface/card.http.controller.ts` | route `POST /v1/card/process` | |',
      '| 2 | `apps/api-gateway/src/card/interface/gone.ts` | import | |',
      '| 3 | `apps/payments/src/charge/domain/fee.ts` | import | |',
      '| 4 | `apps/api-gateway/src/project/infrastructure/project.repository.ts` | port `PartnerStore` | |',
      '| 5 | `apps/payments/src/charge/interface/charge.kafka.handler.ts` | message `PayoutOrderedV1Message` | |',
      '| 7 | `apps/api-gateway/src/card/interface/card-responses.ts` | import | |',
    ].join('\n');
    expect(walkProblems(walkSteps(walk))).toEqual([
      'row 2 (apps/api-gateway/src/card/interface/gone.ts): no such file',
      'row 3 (apps/payments/src/charge/domain/fee.ts): no earlier file of the walk imports it',
      'row 4 (apps/api-gateway/src/project/infrastructure/project.repository.ts): is no adapter of PartnerStore',
      'row 4 (apps/api-gateway/src/project/infrastructure/project.repository.ts): no earlier file of the walk uses the port PartnerStore',
      'row 5 (apps/payments/src/charge/interface/charge.kafka.handler.ts): libs/contracts defines no PayoutOrderedV1Message',
      'row 5 (apps/payments/src/charge/interface/charge.kafka.handler.ts): does not handle PayoutOrderedV1Message',
      'row 5 (apps/payments/src/charge/interface/charge.kafka.handler.ts): no earlier file of the walk sends PayoutOrderedV1Message',
      'row 7 (apps/api-gateway/src/card/interface/card-responses.ts): numbered 7, expected 6',
    ]);
  });
});
