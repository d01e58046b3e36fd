import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { HolderCheckIn, HolderOrder, LedgerEntry } from '@trailpass/contract/console';
import type { ReactNode } from 'react';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const number = new Intl.NumberFormat();

export function formatDateTime(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '';
}

/** Points with their sign, so a correction down reads as one. */
function signedPoints(points: number): string {
  return points > 0 ? `+${number.format(points)}` : number.format(points);
}

/** A titled table of one of the holder's histories, or a sentence when it is empty. */
function Section(props: { title: string; headers: string[]; empty: string; rows: ReactNode[] }) {
  const headingId = `section-${props.title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mt: 3, mb: 1 }}>
        {props.title}
      </Typography>
      {props.rows.length === 0 ? (
        <Typography color="text.secondary">{props.empty}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                {props.headers.map((header) => (
                  // Numbers are right-aligned in their cells, and so are their headers.
                  <TableCell key={header} align={header === 'Points' ? 'right' : 'left'}>
                    {header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{props.rows}</TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}

export function LedgerTable({ ledger }: { ledger: LedgerEntry[] }) {
  return (
    <Section
      title="Points ledger"
      headers={['Date', 'Deal', 'Reason', 'Points', 'Expires']}
      empty="No points booked yet."
      rows={ledger.map((entry) => (
        <TableRow key={entry.id}>
          <TableCell>{formatDateTime(entry.valueDate)}</TableCell>
          <TableCell>{entry.dealName}</TableCell>
          <TableCell>{entry.reason}</TableCell>
          <TableCell align="right">{signedPoints(entry.points)}</TableCell>
          <TableCell>{formatDateTime(entry.expiresAt) || 'Never'}</TableCell>
        </TableRow>
      ))}
    />
  );
}

export function OrdersTable({ orders }: { orders: HolderOrder[] }) {
  return (
    <Section
      title="Orders"
      headers={['Placed', 'Status', 'Items', 'Points', 'Completed']}
      empty="No orders yet."
      rows={orders.map((order) => (
        <TableRow key={order.id}>
          <TableCell>{formatDateTime(order.createdAt)}</TableCell>
          <TableCell>{order.status}</TableCell>
          <TableCell>{order.items.map((item) => item.name).join(', ')}</TableCell>
          <TableCell align="right">
            {number.format(order.items.reduce((sum, item) => sum + item.points, 0))}
          </TableCell>
          <TableCell>{formatDateTime(order.completedAt)}</TableCell>
        </TableRow>
      ))}
    />
  );
}

export function CheckInsTable({ checkIns }: { checkIns: HolderCheckIn[] }) {
  return (
    <Section
      title="Check-ins"
      headers={['Date', 'Venue', 'Points']}
      empty="No check-ins yet."
      rows={checkIns.map((checkIn) => (
        <TableRow key={`${checkIn.at}-${checkIn.venueId}`}>
          <TableCell>{formatDateTime(checkIn.at)}</TableCell>
          <TableCell>{checkIn.venueName}</TableCell>
          <TableCell align="right">{checkIn.points === null ? '' : signedPoints(checkIn.points)}</TableCell>
        </TableRow>
      ))}
    />
  );
}
