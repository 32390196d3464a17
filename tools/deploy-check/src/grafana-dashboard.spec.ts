// The Grafana dashboard (deploy/grafana/dashboard.json) and the documented series
// (docs/operations/metrics.md) agree: every panel queries documented series, and every documented
// series of ours has a panel.
import { readRepoFile } from './render';

interface Panel {
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: { expr: string; refId: string }[];
}

const dashboard = JSON.parse(readRepoFile('deploy/grafana/dashboard.json')) as {
  uid: string;
  panels: Panel[];
};
const docs = readRepoFile('docs/operations/metrics.md');
const documented = new Set([...docs.matchAll(/^\| `(opp_[a-z_]+)` \|/gm)].map((m) => m[1]));
const SUFFIXES = /_(bucket|sum|count)$/;

const queried = (panel: Panel) =>
  (panel.targets ?? []).flatMap((t) =>
    [...t.expr.matchAll(/\b(opp_[a-z_]+)\{/g)].map((m) => m[1].replace(SUFFIXES, '')),
  );

describe('deploy/grafana/dashboard.json', () => {
  const panels = dashboard.panels.filter((p) => p.type !== 'row');

  it('queries only documented series, and has a panel for each of them', () => {
    expect(documented.size).toBeGreaterThan(10);
    const used = new Set(panels.flatMap(queried));
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !used.has(name))).toEqual([]);
  });

  it('gives every panel a query filtered by namespace and service, and a place on the grid', () => {
    for (const panel of panels) {
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.expr).toContain('namespace=~"$namespace",service=~"$service"');
      }
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
    }
    const cells = panels.map((p) => `${p.gridPos.x},${p.gridPos.y}`);
    expect(new Set(cells).size).toBe(cells.length);
  });
});
