// The one table `npm run bench` ends with: every figure next to its target (issues 11, 28, 30 and 31), and for a missed
// target by how much and what the measurement says about why.

/** @typedef {{ figure: string, value: number | null, unit: string, target: number | null, better: 'higher' | 'lower' | null, why?: string, note?: string }} Row */

/** @type {Row[]} */
const rows = [];

/**
 * Adds a figure. `better` says which way the target points ('higher': at least, 'lower': at most);
 * `why` is printed only when the target is missed; `note` always (e.g. "median of 3").
 */
export function addRow(row) {
  rows.push(row);
}

/** A figure that could not be measured (no Postgres, no Chromium…), with the reason. */
export function addMissing(figure, unit, target, better, reason) {
  rows.push({ figure, value: null, unit, target, better, note: reason });
}

const format = (value, unit) => {
  if (value === null) return 'n/a';
  if (unit === 'ratio') return value.toFixed(3);
  if (unit === 'kB') return `${value.toFixed(1)} kB`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  if (unit === 'req/s') return `${Math.round(value)} req/s`;
  return `${value}${unit ? ` ${unit}` : ''}`;
};

function verdict(row) {
  if (row.value === null) return { status: 'not measured', miss: '' };
  if (row.target === null || row.better === null) return { status: '', miss: '' };
  const met = row.better === 'higher' ? row.value >= row.target : row.value <= row.target;
  if (met) return { status: 'met', miss: '' };
  const gap = Math.abs(row.value - row.target);
  const pct = row.target === 0 ? '' : ` (${((gap / row.target) * 100).toFixed(0)}%)`;
  const amount = row.unit === 'ratio' ? gap.toFixed(3) : format(gap, row.unit);
  return { status: 'MISSED', miss: `${row.better === 'higher' ? 'short by' : 'over by'} ${amount}${pct}` };
}

/** Prints the table; returns how many targets were missed (the bench still never fails). */
export function printTable() {
  const lines = rows.map((row) => {
    const { status, miss } = verdict(row);
    const target =
      row.target === null || row.better === null
        ? ''
        : `${row.better === 'higher' ? '>=' : '<='} ${format(row.target, row.unit)}`;
    return { row, cells: [row.figure, format(row.value, row.unit), target, status, miss], status };
  });
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(['figure', 'value', 'target', 'status'][i].length, ...lines.map((l) => l.cells[i].length)),
  );
  const pad = (cells) =>
    cells
      .map((c, i) => (i < 4 ? c.padEnd(widths[i]) : c))
      .join('  ')
      .trimEnd();
  console.log('\n== Results against the targets (issues 11, 28, 30 and 31)');
  console.log(`  ${pad(['figure', 'value', 'target', 'status', ''])}`);
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const { row, cells, status } of lines) {
    console.log(`  ${pad(cells)}`);
    if (row.note) console.log(`  ${''.padEnd(widths[0])}  ${row.note}`);
    if (status === 'MISSED' && row.why) console.log(`  ${''.padEnd(widths[0])}  why: ${row.why}`);
  }
  const missed = lines.filter((l) => l.status === 'MISSED').length;
  const measured = lines.filter((l) => l.status === 'met' || l.status === 'MISSED').length;
  console.log(`\n  ${measured - missed} of ${measured} measured targets met, ${missed} missed`);
  return missed;
}
