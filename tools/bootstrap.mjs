#!/usr/bin/env node
// Behind `npm start | up | down | test | bench | chaos` (package.json). Dependency-free on purpose: it runs on
// a fresh clone before node_modules exists. Installs what is missing, builds, then runs the command.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode22, NODE22_BINARY } from './node22/install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`[bootstrap] ${line}`);

/** Runs a command with inherited stdio; resolves with its exit code. Signals go to the child. */
function run(command, args, { env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: env ?? process.env });
    // A Ctrl-C reaches the whole foreground process group; a kill of npm reaches only us: pass it on.
    const forward = (signal) => child.kill(signal);
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const signal of signals) process.on(signal, forward);
    child.once('error', (error) => {
      console.error(`[bootstrap] cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

const mtime = (file) => {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return undefined;
  }
};

/** Runs a command with its output in `logFile` only; resolves with its exit code. */
function runLogged(command, args, logFile) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    child.once('error', (error) => {
      fs.appendFileSync(logFile, `cannot run ${command}: ${error.message}\n`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

// `npm ci` only: the lockfile holds every platform's packages (tools/deploy-check checks it), so a
// refusal is a real problem to fix, never something to paper over with `npm install`.
async function ensureDependencies() {
  const installed = mtime('node_modules/.package-lock.json');
  const lock = mtime('package-lock.json');
  if (installed !== undefined && (lock === undefined || lock <= installed)) return 0;
  const reason = installed === undefined ? 'node_modules missing' : 'package-lock.json changed';
  const logFile = path.join(root, '.local', 'logs', 'npm-ci.log');
  const started = Date.now();
  const code = await runLogged(
    'npm',
    ['ci', '--no-audit', '--no-fund', '--loglevel=error'],
    logFile,
  );
  if (code === 0) {
    const seconds = Math.round((Date.now() - started) / 1000);
    say(`${reason}: npm ci installed the locked packages in ${seconds} s`);
    return 0;
  }
  console.error(`[bootstrap] ${reason}: npm ci failed (exit ${code}); its output (${logFile}):`);
  console.error(fs.readFileSync(logFile, 'utf8'));
  return code;
}

// tsc is incremental (dist/.tsbuildinfo): running it every time is the simple correct choice.
async function build() {
  say('npm run build');
  return run('npm', ['run', '--silent', 'build']);
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * A Debian package the tests need beyond node_modules, installed with apt-get when `found` finds
 * none of it; `what` names it in the output.
 */
function ensurePackage({ what, pkg, found }) {
  const present = found();
  if (present) return say(`${what}: ${present} is installed`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasCommand('apt-get')) {
    return say(`${what}: ${pkg} is missing and cannot be installed here (needs root and apt-get)`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => spawnSync('apt-get', args, { cwd: root, stdio: 'inherit', env }).status;
  const install = ['install', '-y', '--no-install-recommends', pkg];
  say(`${what}: ${pkg} is missing: apt-get install -y ${pkg}`);
  if (apt(install) === 0) return;
  say(`${what}: install failed: apt-get update, then install again`);
  if (apt(['update']) === 0 && apt(install) === 0) return;
  say(`${what}: ${pkg} could not be installed; tests that need it will fail`);
}

/** Hosted-page tests (3-D Secure, checkout) drive a real browser through playwright-core. */
function ensureChromium() {
  ensurePackage({
    what: 'browser',
    pkg: 'chromium',
    found: () => ['chromium', 'chromium-browser', 'google-chrome'].find(hasCommand),
  });
}

/** The software HSM the PKCS#11 key-encryption-key provider is tested against (ADR 0063). */
function ensureSoftHsm() {
  ensurePackage({
    what: 'hsm',
    pkg: 'softhsm2',
    found: () => (hasCommand('softhsm2-util') ? 'softhsm2' : undefined),
  });
}

/** Counts from jest's --json output; a suite that failed to run at all counts as one failure. */
function summarize(resultsFile) {
  let results;
  try {
    results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const brokenSuites = (results.testResults ?? []).filter(
    (suite) =>
      suite.status === 'failed' &&
      !(suite.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: results.numPassedTests ?? 0,
    failed: (results.numFailedTests ?? 0) + brokenSuites,
    skipped: (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0),
  };
}

/**
 * The checks that start no services (lint, format, typecheck, the unit project on this machine's
 * Node and on Node 22), one after the other at a lower CPU priority, beside the integration
 * project: they use the CPU its suites leave idle while they wait on brokers, restarts and timers.
 * Each writes its own log under .local/test-logs; `report()` prints how each ended, and a failed
 * one's log.
 */
async function checksBeside(node22) {
  const logs = path.join(root, '.local', 'test-logs');
  const results = [];
  const check = async (name, command, args, resultsFile) => {
    const started = Date.now();
    const logFile = path.join(logs, `${name}.log`);
    if (resultsFile) fs.rmSync(resultsFile, { force: true });
    const code = await runLogged('nice', ['-n', '10', command, ...args], logFile);
    results.push({ name, code, logFile, resultsFile, seconds: (Date.now() - started) / 1000 });
  };
  await check('eslint', 'npx', ['--no', '--', 'eslint', '.', '--max-warnings=0']);
  await check('prettier', 'npx', ['--no', '--', 'prettier', '--check', '.']);
  // The build leaves tests out; this checks every file, tests included, under strict.
  await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  const unitArgs = (resultsFile) => [
    '--ci',
    '--maxWorkers=2',
    '--selectProjects',
    'unit',
    '--json',
    `--outputFile=${resultsFile}`,
  ];
  const unitResults = path.join(root, '.local', 'jest-unit-results.json');
  await check('jest unit', 'npx', ['--no', '--', 'jest', ...unitArgs(unitResults)], unitResults);
  // The supported LTS beside the machine's Node (ADR 0071): the unit project once more on Node 22.
  const node22Results = path.join(root, '.local', 'jest-node22-results.json');
  if (node22) {
    const jest = path.join('node_modules', 'jest', 'bin', 'jest.js');
    await check(
      `jest unit on Node ${node22}`,
      NODE22_BINARY,
      [jest, ...unitArgs(node22Results)],
      node22Results,
    );
  }
  return results;
}

/** Prints how each check beside the integration project ended; a failed one's log in full. */
function report(results) {
  for (const { name, code, logFile, seconds } of results) {
    say(`${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
    if (code !== 0) process.stdout.write(fs.readFileSync(logFile, 'utf8'));
  }
}

async function test() {
  ensureChromium();
  ensureSoftHsm();
  if ((await ensureDependencies()) !== 0) return finish(1, { passed: 0, failed: 1, skipped: 0 });
  const problems = [];
  // The module-boundary lint rule reads Nx's cached project graph; without one it skips silently.
  spawnSync('npx', ['--no', '--', 'nx', 'show', 'projects'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if ((await build()) !== 0) problems.push('build');
  // Node 22 from tools/node22's own lockfile into .local/node22 (ADR 0071), before the integration
  // project, whose start-up smoke starts the services on it.
  const node22 = ensureNode22({ log: (line) => console.error(`[bootstrap] ${line}`) });
  if (node22) say(`node22: ${path.relative(root, NODE22_BINARY)} is ${node22}`);
  else problems.push('node22');

  say('jest --selectProjects integration; beside it: eslint, prettier, typecheck, jest unit');
  const beside = checksBeside(node22);
  const resultsFile = path.join(root, '.local', 'jest-results.json');
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.rmSync(resultsFile, { force: true });
  const jestCode = await run('npx', [
    '--no',
    '--',
    'jest',
    '--ci',
    '--maxWorkers=2',
    '--selectProjects',
    'integration',
    '--json',
    `--outputFile=${resultsFile}`,
  ]);
  const checks = await beside;
  report(checks);
  const summary = summarize(resultsFile);
  // Jest fails after the tests too (global teardown: the card-data sweep); never report that green.
  if (jestCode !== 0 && summary.failed === 0) {
    say('jest failed outside the tests (e.g. global teardown; see above)');
    summary.failed = 1;
  }
  for (const { name, code, resultsFile: unitResults } of checks) {
    if (!unitResults) {
      if (code !== 0) problems.push(name);
      continue;
    }
    const counts = summarize(unitResults);
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    for (const key of ['passed', 'failed', 'skipped']) summary[key] += counts[key];
  }
  if (!node22) summary.failed += 1; // the unit project on Node 22 never ran
  if (problems.length > 0) say(`failed besides the tests: ${problems.join(', ')}`);
  const failedChecks = checks.some(({ code }) => code !== 0);
  const code = jestCode !== 0 ? jestCode : failedChecks || problems.length > 0 ? 1 : 0;
  return finish(code, summary);
}

function finish(code, { passed, failed, skipped }) {
  console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return code;
}

/** Which checkout the commands act on: its directory and git commit. */
function describeCheckout() {
  const git = (args) => {
    const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    return result.status === 0 ? result.stdout.trim() : undefined;
  };
  const commit = git(['rev-parse', '--short=12', 'HEAD']);
  if (!commit) return `checkout ${root} (not a git checkout)`;
  const branch = git(['rev-parse', '--abbrev-ref', 'HEAD']);
  const changed = git(['status', '--porcelain', '--untracked-files=no']);
  return `checkout ${root} (${branch} at ${commit}${changed ? ', with uncommitted changes' : ''})`;
}

// Runs in a child process per app, on the compiled code: the app's own config class and loader,
// exactly what the service does first at start.
const CONFIG_CHECK = `
require('reflect-metadata');
const fs = require('node:fs');
const path = require('node:path');
const [dist, app] = process.argv.slice(1);
const { loadConfig } = require(path.join(dist, 'libs', 'config', 'src', 'index.js'));
const dir = path.join(dist, 'apps', app, 'src', 'config');
const classes = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.config.js'))
  .flatMap((file) => Object.values(require(path.join(dir, file))))
  .filter((value) => typeof value === 'function' && /Config$/.test(value.name));
// The service's own class is the most derived one (a migration step may read a base of it).
const services = classes.filter((c) => !classes.some((o) => o !== c && c.isPrototypeOf(o)));
const problems = [];
for (const configClass of services) {
  try {
    loadConfig(configClass);
  } catch (error) {
    problems.push(error.message);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\\n'));
  process.exit(78);
}
`;

/** Validates the environment this command was given with each app's config loader. */
function checkConfiguration() {
  const dist = path.join(root, 'dist');
  const apps = fs
    .readdirSync(path.join(dist, 'apps'))
    .filter((app) => fs.existsSync(path.join(dist, 'apps', app, 'src', 'config')));
  const problems = [];
  // `npm start` runs the stack with NODE_ENV=development unless told otherwise; an unset NODE_ENV
  // means production to the services themselves (ADR 0061), so say which one is checked.
  const env = process.env.NODE_ENV ?? 'development';
  for (const app of apps) {
    const result = spawnSync(process.execPath, ['-e', CONFIG_CHECK, dist, app], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: env },
    });
    if (result.status !== 0) problems.push(`  ${app}: ${(result.stderr || 'failed').trim()}`);
  }
  if (problems.length === 0) {
    console.log(`configuration (NODE_ENV=${env}, this environment): valid for ${apps.join(', ')}`);
    return 0;
  }
  console.log(`configuration (NODE_ENV=${env}, this environment): INVALID\n${problems.join('\n')}`);
  return 78;
}

async function stack(command) {
  if ((await ensureDependencies()) !== 0) return 1;
  const cli = path.join('dist', 'tools', 'stack', 'src', 'cli.js');
  // `down` must work even while someone's half-written code does not compile.
  if (command !== 'down' || !fs.existsSync(path.join(root, cli))) {
    const code = await build();
    if (code !== 0) {
      console.error('[bootstrap] the build failed (see above); fix it, then run the command again');
      return code;
    }
  }
  if (command !== 'status') return run(process.execPath, [cli, command, ...process.argv.slice(3)]);
  console.log(describeCheckout());
  const code = await run(process.execPath, [cli, command, ...process.argv.slice(3)]);
  const configCode = checkConfiguration();
  return code !== 0 ? code : configCode;
}

async function bench() {
  if ((await ensureDependencies()) !== 0) return 1;
  if ((await build()) !== 0) return 1;
  // `npm run bench -- --quick`: the two-minute development probe (tools/bench/src/quick.ts).
  const quick = process.argv.includes('--quick');
  const main = path.join('dist', 'tools', 'bench', 'src', quick ? 'quick.js' : 'main.js');
  if (!fs.existsSync(path.join(root, main))) {
    console.error(`[bootstrap] no benchmark yet: ${main} does not exist (tools/bench/src/main.ts)`);
    return 1;
  }
  const args = process.argv.slice(3).filter((arg) => arg !== '--quick');
  return run(process.execPath, [main, ...args]);
}

/** `npm run chaos`: the fault scenarios of docs/operations/chaos.md; exits 1 on a loss. */
async function chaos() {
  if ((await ensureDependencies()) !== 0) return 1;
  if ((await build()) !== 0) return 1;
  const main = path.join('dist', 'tools', 'bench', 'src', 'chaos', 'main.js');
  return run(process.execPath, [main, ...process.argv.slice(3)]);
}

const commands = {
  start: () => stack('start'),
  up: () => stack('up'),
  down: () => stack('down'),
  status: () => stack('status'),
  test,
  bench,
  chaos,
};

const command = process.argv[2];
if (!Object.hasOwn(commands, command)) {
  console.error(`usage: node tools/bootstrap.mjs <${Object.keys(commands).join('|')}>`);
  process.exit(2);
}
process.exitCode = await commands[command]();
