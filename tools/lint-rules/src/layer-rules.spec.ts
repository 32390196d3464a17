import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '../../..');
const run = promisify(execFile);

/** The imports the repository's lint config (the one `npm test` runs) restricts, per probe file. */
async function restrictedImports(
  probes: Record<string, string>,
): Promise<Record<string, string[]>> {
  const script = path.join(__dirname, 'restricted-imports.mjs');
  const { stdout } = await run(process.execPath, [script, JSON.stringify(Object.entries(probes))], {
    cwd: root,
  });
  return JSON.parse(stdout) as Record<string, string[]>;
}

// The layer directions inside an app (docs/CONVENTIONS.md).
describe('layer rules of the lint config', () => {
  it('keeps domain code off the outer layers and frameworks, application code off the interface, adapters and drivers, interface code off adapters, adapters off the interface, and every layer off Nest modules', async () => {
    const domain = 'apps/payments/src/charge/domain/probe.ts';
    const application = 'apps/payments/src/charge/application/probe/probe.use-case.ts';
    const handler = 'apps/payments/src/charge/interface/probe.kafka.handler.ts';
    const adapter = 'apps/payments/src/charge/infrastructure/probe.repository.ts';
    const gatewayEdge = 'apps/api-gateway/src/http/interface/openapi/probe.ts';
    const found = await restrictedImports({
      [domain]: [
        "import type { EntityManager } from 'typeorm';",
        "import { Injectable } from '@nestjs/common';",
        "import { ChargeOutcomes } from '../application/charge-outcomes';",
        "import { TransactionRepository } from '../infrastructure/transaction.repository';",
        "import { ReversalKafkaHandler } from '../interface/reversal.kafka.handler';",
        "import type { Transaction } from './transaction';",
        "import { luhnValid } from '@opp/observability';",
      ].join('\n'),
      [application]: [
        "import { ReversalKafkaHandler } from '../../interface/reversal.kafka.handler';",
        "import type { Transaction } from '../../domain/transaction';",
        "import { TransactionRepository } from '../../infrastructure/transaction.repository';",
        "import type { EntityManager } from 'typeorm';",
        "import { Pool } from 'pg';",
        "import { UserReadModelOrmEntity } from '../../../user/user-read-model.orm-entity';",
        "import { TransactionRunner, type UnitOfWork } from '@opp/persistence';",
        "import { OutboxWriter } from '@opp/outbox';",
        "import { ChargeModule } from '../../charge.module';",
      ].join('\n'),
      [handler]: [
        "import { ProcessChargeUseCase } from '../application/process-charge/process-charge.use-case';",
        "import { TransactionRepository } from '../infrastructure/transaction.repository';",
        "import { UserReadModelOrmEntity } from '../../user/user-read-model.orm-entity';",
        "import { AppModule } from '../../app.module';",
      ].join('\n'),
      [adapter]: [
        "import { ReversalKafkaHandler } from '../interface/reversal.kafka.handler';",
        "import { TransactionStore } from '../application/transaction.store';",
        "import { journalStatement } from '../../ledger/infrastructure/journal-statement';",
      ].join('\n'),
      [gatewayEdge]: [
        "import { AppModule } from '../../../app.module';",
        "import { buildOpenApiDocuments } from './openapi-document';",
      ].join('\n'),
    });
    expect(found).toEqual({
      [domain]: [
        "'typeorm'",
        "'@nestjs/common'",
        "'../application/charge-outcomes'",
        "'../infrastructure/transaction.repository'",
        "'../interface/reversal.kafka.handler'",
      ],
      [application]: [
        "'../../interface/reversal.kafka.handler'",
        "'../../infrastructure/transaction.repository'",
        "'typeorm'",
        "'pg'",
        "'../../../user/user-read-model.orm-entity'",
        "'../../charge.module'",
      ],
      [handler]: [
        "'../infrastructure/transaction.repository'",
        "'../../user/user-read-model.orm-entity'",
        "'../../app.module'",
      ],
      [adapter]: ["'../interface/reversal.kafka.handler'"],
      [gatewayEdge]: ["'../../../app.module'"],
    });
  }, 120_000);
});
