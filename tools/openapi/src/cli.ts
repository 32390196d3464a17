import { lintOpenApi } from './lint';

/** `node dist/tools/openapi/src/cli.js <file>`: the lint problems of an OpenAPI file, as JSON. */
if (require.main === module) {
  lintOpenApi(process.argv[2] ?? 'docs/openapi.json').then(
    (problems) => {
      process.stdout.write(`${JSON.stringify(problems)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
