import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** `[text](target)` and `[text]: target`; the target up to a space, `)` or `#`. */
const LINK = /\]\(\s*<?([^)\s>#]*)[^)]*\)|^\s*\[[^\]]+\]:\s*<?([^\s>#]+)/gm;

/**
 * Relative links of a Markdown file that do not lead to a file or folder of the repository: links
 * must stay inside it (web links, `mailto:` and in-page anchors are not checked).
 */
export function brokenLinks(markdown: string, file: string, repoRoot: string): string[] {
  const problems: string[] = [];
  for (const match of markdown.matchAll(LINK)) {
    const target = match[1] ?? match[2] ?? '';
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const resolved = path.resolve(path.dirname(file), decodeURI(target));
    const relative = path.relative(repoRoot, resolved);
    if (relative.startsWith('..') || path.isAbsolute(relative)) {
      problems.push(`links to ${target}, which is outside the repository`);
    } else if (!existsSync(resolved)) {
      problems.push(`links to ${target}, which does not exist`);
    }
  }
  return problems;
}
