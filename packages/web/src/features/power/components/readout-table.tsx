/** Read-only values as a two-column table: a row header naming each value, then the value (and its tone). */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

export interface Readout {
  readonly label: string;
  readonly value: string;
  /** Colours the value: a problem shows in the error colour, a good state in the success colour. */
  readonly tone?: 'error' | 'success' | undefined;
}

const TONE = { error: 'error.main', success: 'success.main' } as const;

export function ReadoutTable({ rows, label }: { rows: readonly Readout[]; label: string }) {
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.label}>
            <TableCell component="th" scope="row" sx={{ color: 'text.secondary', pl: 0 }}>
              {r.label}
            </TableCell>
            <TableCell
              align="right"
              sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, pr: 0, color: r.tone && TONE[r.tone] }}
            >
              {r.value}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
