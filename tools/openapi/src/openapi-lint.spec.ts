import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { findRepoRoot } from '@opp/local-stack';
import type { LintProblem } from './lint';

const lint = (name: string): LintProblem[] => {
  const root = findRepoRoot();
  const cli = path.join(root, 'dist', 'tools', 'openapi', 'src', 'cli.js');
  const file = path.join(root, 'docs', name);
  const output = execFileSync(process.execPath, [cli, file], { encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').pop() ?? '[]') as LintProblem[];
};

const warnings = (problems: LintProblem[]) =>
  problems
    .filter((p) => p.severity === 'warn')
    .map((p) => p.ruleId)
    .sort();

const errors = (problems: LintProblem[]) =>
  problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId}: ${p.message} at ${p.pointer}`);

describe('the OpenAPI documents', () => {
  it('docs/openapi.json passes redocly lint with the recommended rules without an error', () => {
    const problems = lint('openapi.json');
    expect(errors(problems)).toEqual([]);
    // The remaining warnings are known and accepted: the health probes have no 4xx, the
    // checkout page's answer is a 303 redirect, and the licence of a proprietary API has no URL.
    expect(warnings(problems)).toEqual([
      'info-license-strict',
      'operation-2xx-response',
      'operation-4xx-response',
      'operation-4xx-response',
    ]);
  });

  it('docs/openapi-admin.json passes redocly lint with the recommended rules without an error', () => {
    const problems = lint('openapi-admin.json');
    expect(errors(problems)).toEqual([]);
    // Known and accepted: /metrics has no 4xx, and the licence of a proprietary API has no URL.
    expect(warnings(problems)).toEqual(['info-license-strict', 'operation-4xx-response']);
  });
});
