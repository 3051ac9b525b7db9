// A spark's two fields, Name and Code, with their error messages: shared by the create form and the
// edit dialog, which validate with the same schema.
import type { SparkCreateBody } from '@tracker/schemas';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';

interface SparkFieldsProps {
  register: UseFormRegister<SparkCreateBody>;
  errors: FieldErrors<SparkCreateBody>;
  codeRows: number;
  namePlaceholder?: string;
  codePlaceholder?: string;
}

export function SparkFields({ register, errors, codeRows, namePlaceholder, codePlaceholder }: SparkFieldsProps) {
  const ids = { name: useId(), code: useId(), nameError: useId(), codeError: useId() };
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={ids.name}>Name</Label>
        <Input
          id={ids.name}
          placeholder={namePlaceholder}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? ids.nameError : undefined}
          {...register('name')}
        />
        {errors.name && (
          <p id={ids.nameError} className="text-sm text-destructive">
            {errors.name.message}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.code}>Code</Label>
        <Textarea
          id={ids.code}
          rows={codeRows}
          placeholder={codePlaceholder}
          className="font-mono text-xs md:text-xs"
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? ids.codeError : undefined}
          {...register('code')}
        />
        {errors.code && (
          <p id={ids.codeError} className="text-sm text-destructive">
            {errors.code.message}
          </p>
        )}
      </div>
    </>
  );
}
