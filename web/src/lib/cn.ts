// The className merge every component uses: clsx for conditions, tailwind-merge so a later
// Tailwind class overrides an earlier conflicting one (`cn('px-2', 'px-4')` is `px-4`).
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
