// The signed-in user's own account: changing the password, which signs out every other session of it.
import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeBody, SessionChanged } from '@tracker/schemas';
import { apiJson } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => apiJson<SessionChanged>('POST', '/api/user/password', body),
    onSuccess: () => toast({ title: 'Password changed', description: 'Every other session of your account is signed out.' }),
    meta: { errorTitle: 'Failed to change password' },
  });
}
