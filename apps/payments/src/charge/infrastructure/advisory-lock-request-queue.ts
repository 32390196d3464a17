import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { RequestQueue } from '../application/request-queue';

/** A transaction-scoped PostgreSQL advisory lock per request key, released at commit or rollback. */
@Injectable()
export class AdvisoryLockRequestQueue extends RequestQueue {
  async awaitTurn(work: UnitOfWork, requestKey: string): Promise<void> {
    await entityManagerOf(work).query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      requestKey,
    ]);
  }
}
