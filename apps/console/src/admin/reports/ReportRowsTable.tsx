import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { REPORT_COLUMNS, type ReportName } from '../../api/reports';
import { formatCell, type ReportRow } from './series';

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * A report's rows as the server sends them (and the CSV has them), every column under its label, days and
 * numbers formatted: the chart's accessible alternative. Paged here: a report comes whole.
 */
export function ReportRowsTable({
  report,
  rows,
  label,
}: {
  report: ReportName;
  rows: readonly ReportRow[];
  label: string;
}) {
  const columns = REPORT_COLUMNS[report];
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0] as number);
  const lastPage = Math.max(0, Math.ceil(rows.length / perPage) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = rows.slice(shownPage * perPage, (shownPage + 1) * perPage);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.kind === 'number' ? 'right' : 'left'}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, i) => (
              // Rows have no id of their own; their place in the report is theirs for as long as it shows.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <TableRow key={shownPage * perPage + i}>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.kind === 'number' ? 'right' : 'left'}>
                    {formatCell(report, column, row[column.key] ?? null)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > (PAGE_SIZES[0] as number) && (
        <TablePagination
          component="div"
          count={rows.length}
          page={shownPage}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </>
  );
}
