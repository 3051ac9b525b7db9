// A form field's error message, under the field: the zodResolver forms' message for that field, referenced
// by the input's aria-describedby so a screen reader reads it with the field.
import type { FieldError as FormFieldError } from 'react-hook-form';

export function FieldError({ id, error }: { id: string; error: Pick<FormFieldError, 'message'> | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {error.message}
    </p>
  );
}
