import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '@/features/admin/hooks/use-phone';
import { visuallyHidden } from '@/components/ui/visually-hidden';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** A header read by screen readers only (the actions column). */
  hiddenHeader?: boolean;
  width?: number | string;
}

interface DataTableProps<T> {
  /** Names the table (and the list of cards on a phone). */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  /** One row as a card, for phones. */
  card: (row: T) => ReactNode;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Another page is loading (the current one stays on screen meanwhile). */
  fetching?: boolean;
}

/**
 * A server-paged list: a table on a desktop, a stack of cards on a phone
 * (below 900 px, where seven columns no longer fit), the same pager below both.
 */
export function DataTable<T>({ label, rows, rowKey, columns, card, page, pageSize, total, onPageChange, fetching = false }: DataTableProps<T>) {
  const { t } = useTranslation();
  const phone = usePhone();

  const pager = (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => onPageChange(next + 1)}
      labelDisplayedRows={({ from, to, count }) => t('admin.table.displayedRows', { from, to, total: count })}
      getItemAriaLabel={(type) => t(`admin.table.${type}Page`)}
      sx={{ borderTop: phone ? 0 : 1, borderColor: 'divider' }}
    />
  );

  if (phone) {
    return (
      <Box>
        {fetching && <LinearProgress aria-label={t('admin.states.loading')} sx={{ mb: 1 }} />}
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {rows.map((row) => (
            <Card component="li" key={rowKey(row)} sx={{ p: 2 }}>
              {card(row)}
            </Card>
          ))}
        </Box>
        {pager}
      </Box>
    );
  }

  return (
    <Card>
      {fetching ? <LinearProgress aria-label={t('admin.states.loading')} /> : <Box sx={{ height: 4 }} />}
      <TableContainer>
        <Table aria-label={label} sx={{ '& td, & th': { borderColor: 'divider' } }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ width: column.width, fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap', bgcolor: 'grey.50' }}
                >
                  {column.hiddenHeader ? <Box component="span" sx={visuallyHidden}>{column.header}</Box> : column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} hover sx={{ '&:last-child td': { borderBottom: 0 } }}>
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align} sx={{ verticalAlign: 'top' }}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pager}
    </Card>
  );
}
