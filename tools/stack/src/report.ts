export interface ServiceRow {
  name: string;
  url: string;
  pid?: number;
  state: string;
  readySeconds?: number;
  rssMb?: number;
}

/** A plain-text table, one service per line. */
export function formatTable(rows: readonly ServiceRow[]): string {
  const header = ['service', 'url', 'pid', 'state', 'ready in', 'RSS'];
  const lines = rows.map((row) => [
    row.name,
    row.url,
    row.pid ? String(row.pid) : '-',
    row.state,
    row.readySeconds === undefined ? '-' : `${row.readySeconds.toFixed(1)}s`,
    row.rssMb === undefined ? '-' : `${row.rssMb.toFixed(0)} MB`,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i].length)),
  );
  return [header, ...lines]
    .map((cells) =>
      cells
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
