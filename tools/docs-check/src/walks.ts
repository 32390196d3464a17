import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { importsThroughBarrels, repoRoot } from './import-graph';

/**
 * A walk (docs/architecture/*-walk.md): the files a request passes through, in order, one table
 * row each: `| # | file | reached by | step |`. How a file is reached is what a test checks:
 * - ``route `POST /v1/card/process` ``: the controller that declares that route (the first row);
 * - `import`: an earlier file of the walk imports it (through a lib's index where it re-exports it);
 * - ``port `ProjectStore` ``: an adapter of that port (it extends or implements it), which an
 *   earlier file of the walk names, bound to it by a Nest module;
 * - ``message `ProcessChargeV1Request` ``: a Kafka hop; the message (or topic) is defined in
 *   libs/contracts, an earlier file of the walk sends it and this file handles it (both name it).
 */
export interface WalkStep {
  index: number;
  file: string;
  reachedBy: string;
}

const ROW = /^\|\s*(\d+)\s*\|\s*`([^`]+)`\s*\|\s*([^|]*?)\s*\|/;

export function walkSteps(markdown: string): WalkStep[] {
  const steps: WalkStep[] = [];
  for (const line of markdown.split('\n')) {
    const match = ROW.exec(line);
    if (match) steps.push({ index: Number(match[1]), file: match[2], reachedBy: match[3] });
  }
  return steps;
}

const read = (file: string) => readFileSync(path.join(repoRoot(), file), 'utf8');
const names = (text: string, identifier: string, flags = '') =>
  new RegExp(`\\b${identifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, flags).test(text);
/** A message as code names it: its definition, or the helper that builds it (`taskResultV2Message`). */
const namesMessage = (text: string, message: string) => names(text, message, 'i');

/** Whether a controller's decorators declare `METHOD /path`. */
function declaresRoute(text: string, route: string): boolean {
  const [method, routePath] = route.split(' ');
  const prefixes = [...text.matchAll(/@Controller\(\s*'([^']*)'\s*\)/g)].map((m) => m[1]);
  const decorator = method.charAt(0) + method.slice(1).toLowerCase();
  const handlers = [
    ...text.matchAll(new RegExp(`@${decorator}\\(\\s*(?:'([^']*)')?\\s*\\)`, 'g')),
  ].map((m) => m[1] ?? '');
  const want = routePath.replace(/^\//, '');
  return prefixes.some((prefix) =>
    handlers.some((handler) => [prefix, handler].filter(Boolean).join('/') === want),
  );
}

/** What is wrong with a walk: each problem names its row. */
export function walkProblems(steps: WalkStep[]): string[] {
  const problems: string[] = [];
  if (steps.length === 0) return ['no steps found'];
  const contracts = contractsText();
  steps.forEach((step, i) => {
    const at = `row ${step.index} (${step.file})`;
    if (step.index !== i + 1) problems.push(`${at}: numbered ${step.index}, expected ${i + 1}`);
    if (!existsSync(path.join(repoRoot(), step.file))) {
      problems.push(`${at}: no such file`);
      return;
    }
    const text = read(step.file);
    const earlier = steps.slice(0, i).filter((s) => existsSync(path.join(repoRoot(), s.file)));
    const [kind, quoted] = [
      step.reachedBy.split(/\s/)[0],
      /`([^`]+)`/.exec(step.reachedBy)?.[1] ?? '',
    ];
    switch (kind) {
      case 'route':
        if (i !== 0) problems.push(`${at}: only the first row is reached by a route`);
        if (!declaresRoute(text, quoted)) problems.push(`${at}: does not declare ${quoted}`);
        break;
      case 'import':
        if (!earlier.some((s) => importsThroughBarrels(s.file).has(step.file))) {
          problems.push(`${at}: no earlier file of the walk imports it`);
        }
        break;
      case 'port':
        if (!new RegExp(`(extends|implements)\\s+${quoted}\\b`).test(text)) {
          problems.push(`${at}: is no adapter of ${quoted}`);
        }
        if (!earlier.some((s) => names(read(s.file), quoted))) {
          problems.push(`${at}: no earlier file of the walk uses the port ${quoted}`);
        }
        break;
      case 'message':
        if (!names(contracts, quoted)) problems.push(`${at}: libs/contracts defines no ${quoted}`);
        if (!names(text, quoted)) problems.push(`${at}: does not handle ${quoted}`);
        if (!earlier.some((s) => namesMessage(read(s.file), quoted))) {
          problems.push(`${at}: no earlier file of the walk sends ${quoted}`);
        }
        break;
      default:
        problems.push(`${at}: reached by "${step.reachedBy}", not route, import, port or message`);
    }
  });
  return problems;
}

/** Every source file of libs/contracts, as one text: where messages and topics are defined. */
function contractsText(): string {
  const dir = path.join(repoRoot(), 'libs/contracts/src');
  const texts: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
        texts.push(readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return texts.join('\n');
}
