import type { ListTransactionsV1 } from '@opp/contracts';

/**
 * The WHERE of a transaction list (GET /transaction/list) and its numbered parameters: the
 * project and the order id, then each filter the query gives. `statusIs` and `typeIs` are the
 * conditions of a table's status and type columns, `?` standing for the value; a table whose rows
 * are all of one type has no `typeIs`. Callers add their LIMIT (and OFFSET) parameters after.
 */
export function transactionListFilter(
  query: ListTransactionsV1,
  statusIs: string,
  typeIs?: string,
): { where: string; params: unknown[] } {
  const params: unknown[] = [query.projectId, query.orderId];
  const where = ['project_id = $1', 'order_id = $2'];
  const filter = (sql: string, value: unknown) => {
    if (value === undefined) return;
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  filter(statusIs, query.status);
  if (typeIs) filter(typeIs, query.type);
  filter('created_at >= ?', query.createdFrom);
  filter('created_at <= ?', query.createdTo);
  filter('updated_at >= ?', query.updatedFrom);
  filter('updated_at <= ?', query.updatedTo);
  return { where: where.join(' AND '), params };
}
