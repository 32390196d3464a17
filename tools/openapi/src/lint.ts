import * as fs from 'node:fs';

export interface LintProblem {
  severity: 'error' | 'warn';
  ruleId: string;
  message: string;
  pointer?: string;
}

/**
 * Redocly's linter with its `recommended` rules: the engine of `redocly lint`. The package is
 * ESM-only, so it is loaded with require(esm) (Node 20.19+), outside Jest's module system.
 */
export async function lintOpenApi(file: string): Promise<LintProblem[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const redocly = require('@redocly/openapi-core') as typeof import('@redocly/openapi-core');
  const config = await redocly.createConfig({ extends: ['recommended'] });
  const problems = await redocly.lintFromString({
    source: fs.readFileSync(file, 'utf8'),
    absoluteRef: file,
    config,
  });
  return problems.map((p) => ({
    severity: p.severity === 'error' ? 'error' : 'warn',
    ruleId: p.ruleId,
    message: p.message,
    pointer: p.location[0]?.pointer,
  }));
}
