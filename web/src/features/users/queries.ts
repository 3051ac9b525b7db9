// Users (spec §7 "Users"; admins only): the list, create, delete, a user's feature permissions and
// VCN-nickname assignments, and the nickname options, with the spec §8 toasts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Feature,
  ManagedUser,
  SparkAssignment,
  Subid1AssignmentEntries,
  UserCreateBody,
  UserPermissionEntries,
  VcnAssignmentEntries,
} from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export type { ManagedUser };

export const USERS_KEY = ['/api/users'] as const;
const permissionsKey = (id: number) => ['/api/users', id, 'permissions'] as const;
const vcnAssignmentsKey = (id: number) => ['/api/users', id, 'vcn-assignments'] as const;

export function useUsers() {
  return useQuery<ManagedUser[]>({ queryKey: USERS_KEY });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateBody) => apiJson<ManagedUser>('POST', '/api/users', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      toast({ title: 'User created' });
    },
    meta: { errorTitle: 'Failed to create user' },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/users/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    meta: { errorTitle: 'Failed to delete user' },
  });
}

// The spec words the answer as "entries with feature"; accept that and the { features } form alike.
type PermissionsAnswer = { features: Feature[] } | UserPermissionEntries;

export function useUserPermissions(id: number, options: { enabled?: boolean } = {}) {
  return useQuery<PermissionsAnswer, Error, Feature[]>({
    queryKey: permissionsKey(id),
    enabled: options.enabled,
    select: (answer) => (Array.isArray(answer) ? answer.map((entry) => entry.feature) : answer.features),
  });
}

export function useSaveUserPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, features }: { id: number; features: Feature[] }) =>
      apiRequest('POST', `/api/users/${id}/permissions`, { features }),
    onSuccess: (_answer, { id }) => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: permissionsKey(id) });
      toast({ title: 'Permissions updated' });
    },
    meta: { errorTitle: 'Failed to update permissions' },
  });
}

export function useVcnOptions(options: { enabled?: boolean } = {}) {
  return useQuery<string[]>({ queryKey: ['/api/users/vcn-options'], enabled: options.enabled });
}

// Accept { vcnNicknames } and a list of { vcnNickname } rows alike.
type VcnAssignmentsAnswer = { vcnNicknames: string[] } | VcnAssignmentEntries;

export function useVcnAssignments(id: number, options: { enabled?: boolean } = {}) {
  return useQuery<VcnAssignmentsAnswer, Error, string[]>({
    queryKey: vcnAssignmentsKey(id),
    enabled: options.enabled,
    select: (answer) => (Array.isArray(answer) ? answer.map((row) => row.vcnNickname) : answer.vcnNicknames),
  });
}

export function useSaveVcnAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vcnNicknames }: { id: number; vcnNicknames: string[] }) =>
      apiRequest('POST', `/api/users/${id}/vcn-assignments`, { vcnNicknames }),
    onSuccess: (_answer, { id }) => {
      void queryClient.invalidateQueries({ queryKey: vcnAssignmentsKey(id) });
      toast({ title: 'VCNs assigned' });
    },
    meta: { errorTitle: 'Failed to assign VCNs' },
  });
}

const sparkAssignmentsKey = (id: number) => ['/api/users', id, 'spark-assignments'] as const;
const subid1AssignmentsKey = (id: number) => ['/api/users', id, 'subid1-assignments'] as const;

/** The sparks and CAKE subid1 values that make a user a media buyer. */
export function useSparkAssignments(id: number, options: { enabled?: boolean } = {}) {
  return useQuery<SparkAssignment[], Error, number[]>({
    queryKey: sparkAssignmentsKey(id),
    enabled: options.enabled,
    select: (rows) => rows.map((row) => row.sparkId),
  });
}

export function useSubid1Assignments(id: number, options: { enabled?: boolean } = {}) {
  return useQuery<Subid1AssignmentEntries, Error, string[]>({
    queryKey: subid1AssignmentsKey(id),
    enabled: options.enabled,
    select: (rows) => rows.map((row) => row.subid1),
  });
}

export function useSaveMediaBuyerAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, sparkIds, subid1s }: { id: number; sparkIds: number[]; subid1s: string[] }) => {
      await apiRequest('POST', `/api/users/${id}/spark-assignments`, { sparkIds });
      await apiRequest('POST', `/api/users/${id}/subid1-assignments`, { subid1s });
    },
    onSuccess: (_answer, { id }) => {
      void queryClient.invalidateQueries({ queryKey: sparkAssignmentsKey(id) });
      void queryClient.invalidateQueries({ queryKey: subid1AssignmentsKey(id) });
      // The Media Buyer grouping reads the assignments.
      void queryClient.invalidateQueries({ queryKey: ['/api/reports'] });
      toast({ title: 'Media buyer assignments saved' });
    },
    meta: { errorTitle: 'Failed to save media buyer assignments' },
  });
}
