// Issue 37 H5: the gateway ran a fastify nested under @nestjs/platform-fastify, older than the one
// package.json names. Every resolved copy of each network-facing package must meet its floor
// (tools/deploy-check/security-floors.json, ADR 0061), and fastify must resolve exactly once.
import * as path from 'node:path';
import { gte, valid } from 'semver';
import { readRepoFile, REPO_ROOT } from './render';
import {
  floorViolations,
  installedCopies,
  lockedCopies,
  readSecurityFloors,
  type SecurityFloor,
} from './security-floors';

const floors = readSecurityFloors(path.join(REPO_ROOT, 'tools/deploy-check/security-floors.json'));
const lock = JSON.parse(readRepoFile('package-lock.json')) as Parameters<typeof lockedCopies>[0];
const manifest = JSON.parse(readRepoFile('package.json')) as {
  dependencies: Record<string, string>;
  overrides?: Record<string, string>;
};

describe('security floors', () => {
  it('name every network-facing runtime package with a valid floor and a reason', () => {
    expect(Object.keys(floors).sort()).toEqual(
      ['fast-uri', 'fastify', 'find-my-way', 'kafkajs', 'pg', 'qs', 'typeorm'].sort(),
    );
    for (const [name, floor] of Object.entries(floors)) {
      expect({ name, floor: valid(floor.floor) }).toEqual({ name, floor: floor.floor });
      expect(floor.reason.length).toBeGreaterThan(20);
    }
    expect(floors.fastify).toMatchObject({ single: true });
    expect(gte(floors.fastify.floor, '5.12.5')).toBe(true);
  });

  it.each(Object.entries(floors))(
    '%s: every copy package-lock.json resolves meets the floor',
    (name, floor) => {
      expect(floorViolations(name, floor, lockedCopies(lock, name))).toEqual([]);
    },
  );

  it.each(Object.entries(floors))(
    '%s: every copy installed in node_modules meets the floor',
    (name, floor) => {
      expect(floorViolations(name, floor, installedCopies(REPO_ROOT, name))).toEqual([]);
    },
  );

  it('keep one fastify for Nest adapter too, through the overrides entry of package.json', () => {
    expect(manifest.overrides?.fastify).toBe('$fastify');
    expect(lockedCopies(lock, 'fastify')).toEqual([
      { location: 'node_modules/fastify', version: expect.any(String) },
    ]);
  });
});

describe('floorViolations', () => {
  const fastify: SecurityFloor = { floor: '5.12.5', single: true, reason: 'r', advisories: [] };

  it('reports the nested copy of issue 37 that was below the floor', () => {
    const copies = [
      { location: 'node_modules/fastify', version: '5.12.8' },
      { location: 'node_modules/@nestjs/platform-fastify/node_modules/fastify', version: '5.11.3' },
    ];
    expect(floorViolations('fastify', fastify, copies)).toEqual([
      'node_modules/@nestjs/platform-fastify/node_modules/fastify is fastify 5.11.3, below the floor 5.12.5',
      expect.stringMatching(/^fastify resolves to 2 copies/),
    ]);
  });

  it('reports two copies of a single package even when both meet the floor', () => {
    const copies = [
      { location: 'node_modules/fastify', version: '5.12.8' },
      { location: 'node_modules/x/node_modules/fastify', version: '5.12.6' },
    ];
    expect(floorViolations('fastify', fastify, copies)).toEqual([
      expect.stringMatching(/^fastify resolves to 2 copies/),
    ]);
  });

  it('accepts one copy at or above the floor and refuses none at all', () => {
    expect(floorViolations('fastify', fastify, [{ location: 'a', version: '5.12.5' }])).toEqual([]);
    expect(floorViolations('fastify', fastify, [])).toEqual(['fastify does not resolve at all']);
  });
});
