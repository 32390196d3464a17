// Reads the Dockerfile's instructions that the checks assert and the production-layout test runs.
import { readRepoFile } from './render';

/** The one Dockerfile at the repository root: every app's target and the tools target (ADR 0071). */
export const readDockerfile = (): string => readRepoFile('Dockerfile');

/** Instructions of one stage, continuation lines joined, comments left out. */
export function dockerfileStage(text: string, name: string): string[] {
  const lines = text.replace(/\\\n\s*/g, '').split('\n');
  const from = lines.map((l, i) => (l.startsWith('FROM ') ? i : -1)).filter((i) => i >= 0);
  const start = from.find((i) => lines[i].endsWith(` AS ${name}`));
  if (start === undefined) throw new Error(`The Dockerfile has no stage ${name}`);
  const end = from.find((i) => i > start) ?? lines.length;
  return lines.slice(start, end).filter((l) => l.trim() && !l.startsWith('#'));
}

/** The stage names of the file, in order. */
export function stageNames(text: string): string[] {
  return [...text.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]);
}

/**
 * What a target's image is built from: its own stage's instructions after those of the stages it
 * is `FROM`, base first (`FROM app AS payments` holds the app stage's copies, user and checks).
 */
export function imageInstructions(text: string, target: string): string[] {
  const names = stageNames(text);
  const chain: string[][] = [];
  for (let stage: string | undefined = target; stage;) {
    const lines = dockerfileStage(text, stage);
    chain.unshift(lines);
    const parent = lines[0].split(/\s+/)[1];
    stage = names.includes(parent) ? parent : undefined;
  }
  return chain.flat();
}

/** The exec-form `CMD` of a target's image (the last one of its stages). */
export function stageCommand(text: string, target: string): string[] {
  const cmd = imageInstructions(text, target)
    .filter((l) => l.startsWith('CMD '))
    .pop();
  if (!cmd) throw new Error(`The Dockerfile's ${target} image has no CMD`);
  const parsed: unknown = JSON.parse(cmd.slice('CMD '.length));
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`CMD must be exec form (a JSON array of strings): ${cmd}`);
  }
  return parsed;
}

/** Every `npm ...` a stage's RUN instructions run, split into words, without RUN's `--mount` options. */
export function stageNpmCommands(text: string, name: string): string[][] {
  const runs = dockerfileStage(text, name).filter((l) => /^RUN .*\bnpm\b/.test(l));
  if (runs.length === 0) throw new Error(`The Dockerfile's ${name} stage runs no npm command`);
  return runs.map((run) => {
    const words = run.split(/\s+/).slice(1);
    return words.slice(words.indexOf('npm'));
  });
}
