import type { DataSource } from 'typeorm';
import { asUnitOfWork, TransactionRunner, type UnitOfWork } from '@opp/unit-of-work';

/** The TransactionRunner of every service: a TypeORM transaction on the service's DataSource. */
export class TypeormTransactionRunner extends TransactionRunner {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((tx) => work(asUnitOfWork(tx)));
  }
}
