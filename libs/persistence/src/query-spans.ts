import {
  EventSubscriber,
  type AfterQueryEvent,
  type BeforeQueryEvent,
  type EntitySubscriberInterface,
  type QueryRunner,
} from 'typeorm';
import { inTraceContext, SpanKind, SpanScope, tracingOn } from '@opp/observability';

/** Longer statement texts are cut (a batch statement's text does not grow with its rows). */
const MAX_STATEMENT = 2000;

/** `SELECT`, `INSERT`, `WITH`, `BEGIN`...: the statement's first word, upper-cased. */
function operationOf(query: string): string {
  return /^\s*([a-z]+)/i.exec(query)?.[1]?.toUpperCase() ?? 'QUERY';
}

/**
 * A client span per statement while tracing is on (docs/operations/tracing.md): opened when
 * TypeORM is about to run it (its `beforeQuery` event, in the caller's context, so the span is the
 * child of the request's or consumed message's span) and ended by its `afterQuery` event. The text
 * is recorded as it was sent, with its `$n` placeholders: never the parameters' values, which
 * carry card data, e-mail addresses and secrets. A query runner runs its statements one after the
 * other, so its spans end in the order they began. Tracing off, or a statement outside any
 * request's or message's trace (a poller's round; a batch's START, inbox claim and the outbox rows
 * written at its commit, which serve several messages' traces): nothing is opened. TypeORM takes
 * a subscriber class only when it is decorated, and only in the DataSources that list it.
 */
@EventSubscriber()
export class QuerySpanSubscriber implements EntitySubscriberInterface {
  private readonly open = new WeakMap<QueryRunner, SpanScope[]>();

  beforeQuery(event: BeforeQueryEvent<unknown>): void {
    if (!tracingOn() || !inTraceContext()) return;
    const operation = operationOf(event.query);
    const database = (event.connection.driver as { database?: string }).database;
    const scope = SpanScope.open(database ? `${operation} ${database}` : operation, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system': 'postgresql',
        ...(database ? { 'db.name': database } : {}),
        'db.operation.name': operation,
        'db.statement': event.query.slice(0, MAX_STATEMENT),
      },
    });
    const spans = this.open.get(event.queryRunner);
    if (spans) spans.push(scope);
    else this.open.set(event.queryRunner, [scope]);
  }

  afterQuery(event: AfterQueryEvent<unknown>): void {
    const scope = this.open.get(event.queryRunner)?.shift();
    if (!scope) return;
    if (!event.success) scope.fail(event.error);
    scope.end();
  }
}
