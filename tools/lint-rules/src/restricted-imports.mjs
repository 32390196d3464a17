// Prints, as JSON, what the repository's lint config restricts in each given (file, code) pair:
// the messages of `no-restricted-imports` as configured for that file. A script of its own
// because the config is an ES module, which jest cannot load.
import { ESLint, Linter } from 'eslint';

const probes = JSON.parse(process.argv[2]);
const eslint = new ESLint({ cwd: process.cwd() });
const linter = new Linter({ configType: 'flat' });
const found = {};
for (const [file, code] of probes) {
  const config = await eslint.calculateConfigForFile(file);
  const rule = config.rules['no-restricted-imports'] ?? 'off';
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        // The TypeScript parser, without the type information the other rules need.
        languageOptions: { parser: config.languageOptions.parser, sourceType: 'module' },
        rules: { 'no-restricted-imports': rule },
      },
    ],
    { filename: file },
  );
  found[file] = messages.map((m) => m.message.split(' import is restricted')[0]);
}
process.stdout.write(JSON.stringify(found));
