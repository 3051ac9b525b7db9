// A labelled text input with its form error under it: the Label, the Input marked invalid and described by
// the error while there is one, and FieldError. The ids come from useId, so a form names only its fields.
import { useId, type ComponentProps } from 'react';
import type { FieldError as FormFieldError } from 'react-hook-form';
import { FieldError } from './FieldError';
import { Input } from './Input';
import { Label } from './Label';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** The zodResolver form's error for this field. */
  error: Pick<FormFieldError, 'message'> | undefined;
};

export function TextField({ label, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
