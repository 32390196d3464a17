import { provisionServiceDatabases, serviceDatabaseFromUrl, SERVICES } from '@opp/local-stack';

/**
 * `stack databases`: one login role and one database per service, from the services' own
 * `<SERVICE>_DATABASE_URL`s (user, password, database), created with POSTGRES_ADMIN_URL, which only
 * this step holds; and the gateway's admin audit table, which its own role cannot alter (ADR 0061).
 * The compose one-shot `databases` and the Kubernetes Job `database-roles` (staging) run it; in
 * production the gateway `Cluster`'s init SQL on CloudNativePG does the same (deploy/README.md).
 */
export async function databasesCommand(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const adminUrl = env.POSTGRES_ADMIN_URL;
  const problems: string[] = adminUrl ? [] : ['POSTGRES_ADMIN_URL is required'];
  const databases = SERVICES.flatMap((service) => {
    const url = env[service.databaseEnv];
    if (!url) return (problems.push(`${service.databaseEnv} is required`), []);
    try {
      // The gateway's admin audit table belongs to a role of its own (ADR 0061).
      const adminAuditLog = service.name === 'api-gateway';
      return [{ ...serviceDatabaseFromUrl(url), adminAuditLog }];
    } catch (error) {
      problems.push(`${service.databaseEnv}: ${(error as Error).message}`);
      return [];
    }
  });
  if (problems.length > 0 || !adminUrl) {
    console.error(`[stack] databases: ${problems.join('; ')}`);
    return 78;
  }
  await provisionServiceDatabases(adminUrl, databases);
  console.log(
    `[stack] databases: ${databases.map((db) => `${db.database} (${db.role})`).join(', ')} ready`,
  );
  return 0;
}
