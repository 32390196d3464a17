// Reads the apps/*/Dockerfile instructions that the checks assert and the production-layout test runs.

/** Instructions of one stage (default: the last one), continuation lines joined, comments left out. */
export function dockerfileStage(text: string, name?: string): string[] {
  const lines = text.replace(/\\\n\s*/g, '').split('\n');
  const from = lines.map((l, i) => (l.startsWith('FROM ') ? i : -1)).filter((i) => i >= 0);
  const start = name ? from.find((i) => lines[i].endsWith(` AS ${name}`)) : from[from.length - 1];
  if (start === undefined) throw new Error(`The Dockerfile has no stage ${name ?? ''}`);
  const end = from.find((i) => i > start) ?? lines.length;
  return lines.slice(start, end).filter((l) => l.trim() && !l.startsWith('#'));
}

/** The exec-form `CMD` of a stage (default: the runtime stage, the image's default target). */
export function stageCommand(text: string, name?: string): string[] {
  const cmd = dockerfileStage(text, name).find((l) => l.startsWith('CMD '));
  if (!cmd) throw new Error(`The Dockerfile's ${name ?? 'last'} stage has no CMD`);
  const parsed: unknown = JSON.parse(cmd.slice('CMD '.length));
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`CMD must be exec form (a JSON array of strings): ${cmd}`);
  }
  return parsed;
}

/** The `npm ...` of a stage's RUN instruction, split into words, without RUN's `--mount` options. */
export function stageNpmCommand(text: string, name: string): string[] {
  const run = dockerfileStage(text, name).find((l) => /^RUN .*\bnpm\b/.test(l));
  if (!run) throw new Error(`The Dockerfile's ${name} stage runs no npm command`);
  const words = run.split(/\s+/).slice(1);
  return words.slice(words.indexOf('npm'));
}
