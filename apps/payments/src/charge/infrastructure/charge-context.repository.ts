import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { payerKeyOf, payerLookup, payerOf, type PayerRow } from './payer.mapper';
import {
  ChargeContextReader,
  type ChargeContext,
  type ChargeContextQuery,
} from '../application/charge-context';
import { REQUEST_LOOKUP, requestLookupOf, type RequestLookupRow } from './transaction.repository';

type ContextRow = RequestLookupRow & Partial<PayerRow> & { next_id: string | null };

/**
 * ADR 0065: the request look-up, the payer and the new id in one statement. One row per
 * transaction found (outer-joined to a single row, so a charge that finds none still gets one),
 * each carrying the payer. The id is drawn only when nothing was found: a replay or a taken
 * order, answered without an insert, leaves the sequence alone.
 */
@Injectable()
export class ChargeContextRepository extends ChargeContextReader {
  async read(work: UnitOfWork, query: ChargeContextQuery): Promise<ChargeContext> {
    const { projectId, idempotencyKey, orderId, userRef } = query;
    const values: unknown[] = [projectId, idempotencyKey, orderId];
    const payer = userRef ? payerLookup(userRef, '$1', '$4') : undefined;
    if (userRef) values.push(payerKeyOf(userRef));
    const rows: ContextRow[] = await entityManagerOf(work).query(
      `WITH found AS (${REQUEST_LOOKUP})
       SELECT found.*, ${payer ? 'payer.*, ' : ''}
         CASE WHEN found.id IS NULL
           THEN nextval(pg_get_serial_sequence('transactions', 'id')) END AS next_id
       FROM (VALUES (1)) AS one
       LEFT JOIN found ON true
       ${payer ? `LEFT JOIN (${payer}) AS payer ON true` : ''}`,
      values,
    );
    const [first] = rows;
    return {
      ...requestLookupOf(rows),
      payer: userRef ? payerOf(first, userRef) : null,
      id: first?.next_id ? Number(first.next_id) : null,
    };
  }
}
