import { DataSource, type EntityManager } from 'typeorm';
import { databaseUrl, dropDatabases, ensureDatabases } from '@opp/local-stack';
import { suitePrefixes, testDatabaseAdminUrl } from '@opp/testing';
import { serviceDataSourceOptions } from './data-source-options';
import { withPlansForValues } from './plans-for-values';

const { dbPrefix } = suitePrefixes('plans for values');
const database = `${dbPrefix}plans`;
const adminUrl = testDatabaseAdminUrl();

/** A search with an optional filter, as the operator's searches are written. */
const SEARCH = `SELECT id FROM items WHERE ($1::int IS NULL OR project_id = $1)`;

/** The scans of the plan the session makes for SEARCH given project 7, as a prepared statement. */
async function scansOf(tx: EntityManager): Promise<string[]> {
  await tx.query(`PREPARE search (int) AS ${SEARCH}`);
  const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
    'EXPLAIN (FORMAT JSON) EXECUTE search(7)',
  );
  await tx.query('DEALLOCATE search');
  return nodeTypes(row['QUERY PLAN'][0].Plan).filter((type) => type.includes('Scan'));
}

interface PlanNode {
  'Node Type': string;
  Plans?: PlanNode[];
}

const nodeTypes = (node: PlanNode): string[] => [
  node['Node Type'],
  ...(node.Plans ?? []).flatMap(nodeTypes),
];

describe('the services keep generic plans; withPlansForValues plans for the values (ADR 0065)', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    await dropDatabases(adminUrl, [database]);
    await ensureDatabases(adminUrl, [database]);
    dataSource = new DataSource(
      serviceDataSourceOptions({
        service: 'plans-test',
        url: databaseUrl(adminUrl, database),
        entities: [],
        migrations: [],
        logLevel: 'silent',
      }),
    );
    await dataSource.initialize();
    // Large enough that one project's rows are found through its index, not by a scan.
    await dataSource.query('CREATE TABLE items (id int PRIMARY KEY, project_id int NOT NULL)');
    await dataSource.query('CREATE INDEX items_project ON items (project_id)');
    await dataSource.query(
      'INSERT INTO items SELECT n, n % 1000 FROM generate_series(1, 20000) AS n',
    );
    await dataSource.query('ANALYZE items');
  });

  afterAll(async () => {
    await dataSource.destroy();
    await dropDatabases(adminUrl, [database]);
  });

  it("plans a service's prepared statement once, without its values: the filter's index unused", async () => {
    const scans = await dataSource.transaction((tx) => scansOf(tx));
    expect(scans).toEqual(['Seq Scan']);
  });

  it('plans a search run through it for the filters it is given: the index used', async () => {
    const scans = await withPlansForValues(dataSource.manager, (tx) => scansOf(tx));
    expect(scans.some((scan) => scan.includes('Index') || scan.includes('Bitmap'))).toBe(true);
    expect(scans).not.toContain('Seq Scan');
  });

  it("works inside a caller's transaction too, and answers what the work answers", async () => {
    const found = await dataSource.transaction((outer) =>
      withPlansForValues(outer, (tx) => tx.query<{ id: number }[]>(SEARCH, [7])),
    );
    expect(found).toHaveLength(20);
  });
});
