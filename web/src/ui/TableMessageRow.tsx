// A table row spanning every column with one message: the loading, empty and failure states of a list.
import type { ReactNode } from 'react';
import { TableCell, TableRow } from './Table';

export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="h-24 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}
