// A table row's Edit and Delete icon buttons (the CRUD tables' Actions cell), labelled with the row's name.
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './Button';

export function EditDeleteButtons({ name, onEdit, onDelete, deleting }: { name: string; onEdit: () => void; onDelete: () => void; deleting: boolean }) {
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} disabled={deleting} onClick={onDelete}>
        <Trash2 className="text-destructive" aria-hidden="true" />
      </Button>
    </>
  );
}
