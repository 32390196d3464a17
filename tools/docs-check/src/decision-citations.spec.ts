// Decisions are cited inside the repository only, as `ADR NNNN` (docs/decisions/README.md).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { citationProblems, type DecisionRecords } from './decision-citations';
import { ADR_FILE, adrFileNames, decisionRecords } from './decision-records';
import { brokenLinks } from './markdown-links';
import { DECISIONS_DIR, REPO_ROOT, documentFiles, repoPath, sourceFiles } from './repo-files';
import { sourceComments } from './source-comments';

const records: DecisionRecords = {
  numbers: new Set(['0003']),
  files: new Set(['0003-request-signature.md', 'README.md']),
};

describe('citationProblems', () => {
  it('accepts a citation of an existing ADR by number or by path', () => {
    expect(citationProblems('// the replay guard (ADR 0003)', records)).toEqual([]);
    expect(citationProblems('// docs/decisions/0003-request-signature.md', records)).toEqual([]);
  });

  it('refuses a bare decision number and names the ADR to cite', () => {
    expect(citationProblems('/** per D3 */', records)).toEqual([
      'cites the bare decision number D3; cite it as ADR 0003',
    ]);
    expect(citationProblems('(D14, D5)', records)).toHaveLength(2);
  });

  it('does not take words, hex or 3-D Secure for decision numbers', () => {
    expect(citationProblems('// 3-D Secure, 0xD3, DD3, D3x, ID3', records)).toEqual([]);
  });

  it('refuses citations of documents outside the repository', () => {
    expect(citationProblems('// decisions.md says so', records)).toEqual([
      'cites decisions.md, which is outside the repository',
    ]);
    expect(citationProblems('see (../shared/spec/gateway-api.md)', records)).toHaveLength(2);
    expect(citationProblems('// ../shared/ARCHITECTURE.md', records)).toHaveLength(2);
  });

  it('leaves an in-repository path that happens to contain shared/ alone', () => {
    expect(citationProblems("// import from '../../shared/answer'", records)).toEqual([]);
  });

  it('refuses an ADR that has no file, and numbers not written with four digits', () => {
    expect(citationProblems('(ADR 0099)', records)).toEqual([
      'cites ADR 0099, which has no file under docs/decisions',
    ]);
    expect(citationProblems('(ADR 3)', records)).toEqual([
      'cites "ADR 3"; write ADR numbers with four digits (ADR 0003)',
    ]);
    expect(citationProblems('docs/decisions/0003-signature.md', records)).toEqual([
      'cites docs/decisions/0003-signature.md, which does not exist',
    ]);
  });
});

describe('sourceComments', () => {
  it('finds line and block comments, and nothing inside strings, templates or regexes', () => {
    const source = [
      '/** doc D1 */',
      "const a = 'D2 // not a comment';",
      'const b = `${a}://D3 not a comment`; // trailing D4',
      'const c = /\\/\\/ D5/; /* block D6 */',
    ].join('\n');
    expect(sourceComments(source)).toEqual([
      { text: '/** doc D1 */', line: 1 },
      { text: '// trailing D4', line: 3 },
      { text: '/* block D6 */', line: 4 },
    ]);
  });

  it('tells division from a regular expression and finds comments after nested templates', () => {
    const source = [
      'const d = (a) / 2; // after division D1',
      'function f() { return /\\/\\/ D2/.test(`${`${{ a: 1 }.a}`}// D3`); }',
      '/* last D4 */',
    ].join('\n');
    expect(sourceComments(source)).toEqual([
      { text: '// after division D1', line: 1 },
      { text: '/* last D4 */', line: 3 },
    ]);
  });
});

describe('brokenLinks', () => {
  const readme = path.join(REPO_ROOT, 'README.md');

  it('accepts links to files of the repository, web links and anchors', () => {
    const text = '[a](docs/decisions/README.md) [b](https://nodejs.org) [c](#tests) [d](docs/)';
    expect(brokenLinks(text, readme, REPO_ROOT)).toEqual([]);
  });

  it('refuses links that leave the repository or lead nowhere', () => {
    const text = '[spec](../shared/spec/gateway-api.md) [gone](docs/nothing-here.md)';
    expect(brokenLinks(text, readme, REPO_ROOT)).toEqual([
      'links to ../shared/spec/gateway-api.md, which is outside the repository',
      'links to docs/nothing-here.md, which does not exist',
    ]);
  });
});

describe('the repository', () => {
  const adrs = decisionRecords();

  it('cites decisions only as existing ADRs in every code comment', () => {
    const problems = sourceFiles().flatMap((file) =>
      sourceComments(readFileSync(file, 'utf8')).flatMap((comment) =>
        citationProblems(comment.text, adrs).map(
          (problem) => `${repoPath(file)}:${comment.line} ${problem}`,
        ),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('cites decisions only as existing ADRs in every document, and links inside the repository', () => {
    const problems = documentFiles().flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const links = file.endsWith('.md') ? brokenLinks(text, file, REPO_ROOT) : [];
      return [...citationProblems(text, adrs), ...links].map((p) => `${repoPath(file)} ${p}`);
    });
    expect(problems).toEqual([]);
  });

  it('names every ADR file NNNN-title.md with a heading of its number, listed in the index', () => {
    const index = readFileSync(path.join(DECISIONS_DIR, 'README.md'), 'utf8');
    const names = adrFileNames();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const number = ADR_FILE.exec(name)?.[1];
      expect({ name, number }).toEqual({ name, number: expect.stringMatching(/^\d{4}$/) });
      const heading = readFileSync(path.join(DECISIONS_DIR, name), 'utf8').split('\n')[0];
      expect({ name, heading }).toEqual({
        name,
        heading: expect.stringMatching(`^# ADR ${number}: `),
      });
      expect({ name, listed: index.includes(`(${name})`) }).toEqual({ name, listed: true });
    }
  });
});
