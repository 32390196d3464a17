import { mavenArgs, pomHash } from './kafka-classpath';
import { javaArgs, newClusterId } from './kafka-broker';

describe('kafka classpath and command lines', () => {
  it('copies the dependencies of tools/kafka/pom.xml into the given directory', () => {
    expect(mavenArgs('/r/tools/kafka/pom.xml', '/r/.local/kafka/libs')).toEqual([
      '-q',
      '-B',
      '-Dstyle.color=never',
      '-f',
      '/r/tools/kafka/pom.xml',
      'dependency:copy-dependencies',
      '-DoutputDirectory=/r/.local/kafka/libs',
    ]);
  });

  it('changes the marker when the pom changes', () => {
    expect(pomHash('<a/>')).toBe(pomHash('<a/>'));
    expect(pomHash('<a/>')).not.toBe(pomHash('<b/>'));
  });

  it('runs a main class with the heap, the log4j configuration and the class path', () => {
    const classpath = {
      libsDir: '/l',
      classpath: '/l/*',
      log4jConfig: '/c/log4j.properties',
      resolved: false,
    };
    expect(javaArgs(classpath, 512, 'kafka.Kafka', ['/d/server.properties'])).toEqual([
      '-Xmx512m',
      '-Xms256m',
      '-XX:+UseSerialGC',
      '-XX:+PerfDisableSharedMem',
      '-XX:+ExitOnOutOfMemoryError',
      '-Djava.awt.headless=true',
      '-Dlog4j.configuration=file:/c/log4j.properties',
      '-cp',
      '/l/*',
      'kafka.Kafka',
      '/d/server.properties',
    ]);
  });

  it('makes KRaft cluster ids of 22 URL-safe characters that never look like an option', () => {
    const ids = Array.from({ length: 2_000 }, () => newClusterId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
  });
});
