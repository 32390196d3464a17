import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { databaseUrl, dropDatabases, provisionServiceDatabases } from '@opp/local-stack';
import { suitePrefixes, testDatabaseAdminUrl } from '@opp/testing';
import { migrations } from '../../database/database-options';
import { AdminAuditLogRepository } from './admin-audit-log.repository';

const { dbPrefix } = suitePrefixes('admin audit role');
const database = `${dbPrefix}gateway`;
const role = `${dbPrefix}gateway_role`;
const password = 'audit-role-test';

/**
 * M5, ADR 0061: provisioned as in production (its own login role, owner of its database and of
 * `public`) and migrated as that role, the gateway writes audit rows, and cannot change, delete or
 * hide one: the table, its triggers and its schema belong to a role it cannot become.
 */
describe('admin audit log: the gateway role can only insert', () => {
  const adminUrl = testDatabaseAdminUrl();
  let gateway: DataSource;

  const asGateway = async (sql: string) => {
    const url = new URL(databaseUrl(adminUrl, database));
    url.username = role;
    url.password = password;
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const rows = async () => {
    const client = new Client({ connectionString: databaseUrl(adminUrl, database) });
    await client.connect();
    try {
      return (await client.query('SELECT actor, route FROM audit.admin_audit_log ORDER BY id'))
        .rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await dropDatabases(adminUrl, [database]);
    await provisionServiceDatabases(adminUrl, [{ database, role, password, adminAuditLog: true }]);
    const url = new URL(databaseUrl(adminUrl, database));
    url.username = role;
    url.password = password;
    gateway = new DataSource({
      type: 'postgres',
      url: url.toString(),
      migrations,
      extra: { max: 2 },
    });
    await gateway.initialize();
    await gateway.runMigrations();
  });

  afterAll(async () => {
    await gateway?.destroy();
    await dropDatabases(adminUrl, [database]);
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${role}`).finally(() => admin.end());
  });

  it('writes audit rows as the insert-only role', async () => {
    await new AdminAuditLogRepository(gateway).append({
      actor: 'alice',
      clientIp: '10.0.0.1',
      method: 'POST',
      route: '/admin/v1/projects',
      target: {},
      status: 201,
      at: new Date(),
    });
    expect(await rows()).toEqual([{ actor: 'alice', route: '/admin/v1/projects' }]);
  });

  it.each([
    `UPDATE audit.admin_audit_log SET actor = 'mallory'`,
    `DELETE FROM audit.admin_audit_log`,
    `TRUNCATE audit.admin_audit_log`,
    `DROP TRIGGER admin_audit_log_append_only ON audit.admin_audit_log`,
    `ALTER TABLE audit.admin_audit_log DISABLE TRIGGER USER`,
    `DROP TABLE audit.admin_audit_log`,
    `DROP SCHEMA audit CASCADE`,
    `ALTER TABLE audit.admin_audit_log RENAME TO forgotten`,
    `CREATE OR REPLACE FUNCTION audit.refuse_change() RETURNS trigger LANGUAGE plpgsql
       AS $$ BEGIN RETURN NULL; END $$`,
    `SET ROLE opp_audit_owner`,
    `SET ROLE opp_audit_writer; UPDATE audit.admin_audit_log SET actor = 'mallory'`,
    `SET ROLE opp_audit_writer; DELETE FROM audit.admin_audit_log`,
  ])('refuses the gateway role: %s', async (sql) => {
    await expect(asGateway(sql)).rejects.toThrow(/permission denied|must be owner/);
    expect(await rows()).toEqual([{ actor: 'alice', route: '/admin/v1/projects' }]);
  });
});
