import type { OnModuleInit, Provider, Type } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { KeyRing, type EnvelopeCipher } from '@opp/crypto';
import { MetricsRegistry } from '@opp/observability';
import type { EncryptedTable } from './encrypted-table';
import { assertNoRetiredKekInUse } from './kek-retirement-check';
import { KeyRotationRepository } from './key-rotation.repository';
import { KeyRotationWorker } from './key-rotation.worker';

export interface EnvelopeKeyOptions<C extends EnvelopeCipher> {
  /** The injection token of the purpose's cipher, e.g. a subclass of EnvelopeCipher. */
  readonly cipher: Type<C>;
  /**
   * Builds it; `legacy` is the platform key ring that reads values from before envelopes, when the
   * service holds one (ADR 0063).
   */
  readonly create: (legacy: KeyRing | undefined) => C;
  /** The variable holding the KEKs, named in start-up refusals. */
  readonly variable: string;
  readonly tables: readonly EncryptedTable[];
  readonly batchSize: number;
}

/** Runs before anything reads the tables (onModuleInit precedes every bootstrap hook). */
class KekRetirementCheck implements OnModuleInit {
  constructor(
    private readonly variable: string,
    private readonly cipher: EnvelopeCipher,
    private readonly tables: readonly EncryptedTable[],
    private readonly repository: KeyRotationRepository,
  ) {}

  onModuleInit(): Promise<void> {
    return assertNoRetiredKekInUse(this.variable, this.cipher.keks, this.tables, this.repository);
  }
}

/**
 * One purpose of the key hierarchy in a service (docs/security/key-hierarchy.md): its envelope
 * cipher, the start-up check that no KEK still in use was retired, and the worker that re-wraps
 * rows under the active KEK. A service holds at most one purpose with stored rows.
 */
export function envelopeKeyProviders<C extends EnvelopeCipher>(
  options: EnvelopeKeyOptions<C>,
): Provider[] {
  const { cipher, tables } = options;
  return [
    {
      provide: cipher,
      inject: [{ token: KeyRing, optional: true }],
      useFactory: (legacy: KeyRing | null | undefined) => options.create(legacy ?? undefined),
    },
    {
      provide: KeyRotationRepository,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new KeyRotationRepository(dataSource),
    },
    {
      provide: KekRetirementCheck,
      inject: [cipher, KeyRotationRepository],
      useFactory: (c: C, repository: KeyRotationRepository) =>
        new KekRetirementCheck(options.variable, c, tables, repository),
    },
    {
      provide: KeyRotationWorker,
      inject: [KeyRotationRepository, cipher, MetricsRegistry],
      useFactory: (repository: KeyRotationRepository, c: C, metrics: MetricsRegistry) =>
        new KeyRotationWorker(
          repository,
          { cipher: c, tables, batchSize: options.batchSize },
          metrics,
        ),
    },
  ];
}
