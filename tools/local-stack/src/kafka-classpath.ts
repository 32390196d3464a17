import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot, localDir } from './repo-paths';

export interface KafkaClasspath {
  /** Directory with every jar of the broker. */
  libsDir: string;
  /** Java class path (`<libsDir>/*`). */
  classpath: string;
  /** tools/kafka/log4j.properties, for -Dlog4j.configuration. */
  log4jConfig: string;
  /** True when Maven ran this time (false: the jars were already there). */
  resolved: boolean;
}

const MARKER = '.resolved';

export function kafkaPomPath(repoRoot: string): string {
  return path.join(repoRoot, 'tools', 'kafka', 'pom.xml');
}

/** The marker content: a hash of the pom, so that editing the pom resolves again. */
export function pomHash(pomXml: string): string {
  return createHash('sha256').update(pomXml).digest('hex');
}

export function mavenArgs(pom: string, libsDir: string): string[] {
  return [
    '-q',
    '-B',
    '-Dstyle.color=never',
    '-f',
    pom,
    'dependency:copy-dependencies',
    `-DoutputDirectory=${libsDir}`,
  ];
}

/**
 * Copies the jars of Apache Kafka (tools/kafka/pom.xml) to .local/kafka/libs with Maven, once.
 * Later calls return at once while the marker holds the current pom's hash.
 */
export function resolveKafkaClasspath(
  options: { repoRoot?: string; log?: (line: string) => void } = {},
): KafkaClasspath {
  const repoRoot = options.repoRoot ?? findRepoRoot();
  const log = options.log ?? (() => undefined);
  const pom = kafkaPomPath(repoRoot);
  const libsDir = localDir(repoRoot, 'kafka', 'libs');
  const marker = path.join(libsDir, MARKER);
  const hash = pomHash(fs.readFileSync(pom, 'utf8'));
  const result = {
    libsDir,
    classpath: path.join(libsDir, '*'),
    log4jConfig: path.join(repoRoot, 'tools', 'kafka', 'log4j.properties'),
  };
  if (readText(marker) === hash) return { ...result, resolved: false };

  log(`Resolving Kafka jars with Maven (${path.relative(repoRoot, pom)}) ...`);
  const started = Date.now();
  fs.rmSync(libsDir, { recursive: true, force: true });
  fs.mkdirSync(libsDir, { recursive: true });
  const mvn = spawnSync('mvn', mavenArgs(pom, libsDir), { cwd: repoRoot, encoding: 'utf8' });
  if (mvn.error) {
    throw new Error(
      `Could not run Maven (mvn): ${mvn.error.message}. Install Maven 3.8+ and Java 17+.`,
    );
  }
  if (mvn.status !== 0) {
    const output = `${mvn.stdout}\n${mvn.stderr}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`Maven could not resolve the Kafka jars (exit ${mvn.status}):\n${output}`);
  }
  if (!fs.readdirSync(libsDir).some((file) => file.startsWith('kafka_2.13-'))) {
    throw new Error(`Maven finished but ${libsDir} holds no kafka_2.13 jar`);
  }
  fs.writeFileSync(marker, hash);
  log(`Kafka jars resolved in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return { ...result, resolved: true };
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}
