import { Injectable, Logger } from '@nestjs/common';
import {
  RESEND_DEAD_MAX,
  replyError,
  replyOk,
  type DeliveryPage,
  type DeliveryView,
  type GetDeliveryV1,
  type Reply,
  type ResendDeadDeliveriesV1,
  type ResendDeadResult,
  type TraceDeliveriesV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import { DeliveryLogStore } from './delivery-log.store';
import { DeliveryStore } from './delivery.store';

/** A page of deliveries with their attempts: a project's log, or a trace's part by subjects. */
@Injectable()
export class DeliveryLogUseCase {
  constructor(private readonly log: DeliveryLogStore) {}

  async page(query: TraceDeliveriesV1): Promise<Reply<DeliveryPage>> {
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (before === null) {
      return replyError(ErrorCode.InvalidParameter, 'cursor is not one this log gave');
    }
    const items = await this.log.page({
      ...(query.projectId !== undefined ? { projectId: query.projectId } : {}),
      ...(query.subjects !== undefined ? { subjects: query.subjects } : {}),
      ...(query.status !== undefined ? { status: query.status } : {}),
      limit: query.limit + 1,
      ...(before ? { before } : {}),
    });
    const page = items.slice(0, query.limit);
    const last = page[page.length - 1];
    return replyOk({
      items: page,
      nextCursor: items.length > query.limit && last ? encodeCursor(last) : null,
    });
  }

  async one(query: GetDeliveryV1): Promise<Reply<DeliveryView>> {
    const found = await this.log.one(query.id);
    return found ? replyOk(found) : replyError(ErrorCode.ResourceNotFound, `delivery ${query.id}`);
  }
}

/**
 * Every dead delivery of a project back to pending, as ADR 0010's replay does one (same
 * parameters, same signature); a dry run answers what would be sent and changes nothing.
 */
@Injectable()
export class ResendDeadDeliveriesUseCase {
  private readonly logger = new Logger(ResendDeadDeliveriesUseCase.name);

  constructor(
    private readonly log: DeliveryLogStore,
    private readonly deliveries: DeliveryStore,
  ) {}

  async execute(
    work: UnitOfWork,
    command: ResendDeadDeliveriesV1,
  ): Promise<Reply<ResendDeadResult>> {
    const ids = await this.log.deadIds(command.projectId, RESEND_DEAD_MAX);
    const resent: string[] = [];
    if (!command.dryRun) {
      for (const id of ids) {
        const delivery = await this.deliveries.lockById(work, id);
        if (!delivery?.replay().ok) continue;
        await this.deliveries.saveReplayed(work, delivery);
        resent.push(id);
      }
      this.logger.log({
        msg: 'dead deliveries resent',
        projectId: command.projectId,
        count: resent.length,
      });
    }
    const chosen = command.dryRun ? ids : resent;
    // Read before this transaction commits: a resent one is shown as it will be, pending.
    const items = (await Promise.all(chosen.map((id) => this.log.one(id)))).flatMap((view) =>
      view ? [command.dryRun ? view : { ...view, status: 'pending' as const }] : [],
    );
    return replyOk({ dryRun: command.dryRun, count: chosen.length, items });
  }
}

function encodeCursor(view: DeliveryView): string {
  return Buffer.from(`${view.createdAt}|${view.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) return null;
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  return { createdAt, id };
}
