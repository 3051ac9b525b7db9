// /api/users: User Management, admin only. Users, their feature permissions, VCN assignments, and the
// sparks and CAKE subid1 values that make them a media buyer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@tracker/core';
import {
  managedUserSchema,
  sparkAssignmentSchema,
  sparkAssignmentsSchema,
  subid1AssignmentEntriesSchema,
  subid1AssignmentsSchema,
  userCreateSchema,
  userPermissionEntriesSchema,
  userPermissionsSchema,
  vcnAssignmentEntriesSchema,
  vcnAssignmentsSchema,
  vcnOptionsSchema,
} from '@tracker/schemas';
import { currentUser } from '../auth/access';
import type { ScryptCost } from '../auth/password';
import { serialIdOr404 } from '../ids/serial-id';
import { createUser } from './create-user';
import { deleteUser } from './delete-user';
import { listUsers } from './list-users';
import { listVcnOptions } from './list-vcn-options';
import { getSparkAssignments, setSparkAssignments } from './set-spark-assignments';
import { getSubid1Assignments, setSubid1Assignments } from './set-subid1-assignments';
import { getUserPermissions, setUserPermissions } from './set-user-permissions';
import { getVcnAssignments, setVcnAssignments } from './set-vcn-assignments';

export interface UserDeps {
  db: Db;
  passwordCost: ScryptCost;
}

const idParams = z.object({ id: z.string() });
const userId = (raw: string) => serialIdOr404(raw, 'User not found');

export async function userRoutes(scope: FastifyInstance, deps: UserDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  app.get('/users', { config: admin, schema: { response: { 200: z.array(managedUserSchema) } } }, async () => listUsers(deps.db));

  app.post('/users', { config: admin, schema: { body: userCreateSchema, response: { 201: managedUserSchema } } }, async (request, reply) => {
    return reply.status(201).send(await createUser(deps.db, request.body, deps.passwordCost));
  });

  app.delete('/users/:id', { config: admin, schema: { params: idParams } }, async (request, reply) => {
    await deleteUser(deps.db, userId(request.params.id), currentUser(request).id);
    return reply.status(204).send();
  });

  app.get('/users/vcn-options', { config: admin, schema: { response: { 200: vcnOptionsSchema } } }, async () => listVcnOptions(deps.db));

  app.get('/users/:id/permissions', { config: admin, schema: { params: idParams, response: { 200: userPermissionEntriesSchema } } }, async (request) =>
    getUserPermissions(deps.db, userId(request.params.id)),
  );

  app.post(
    '/users/:id/permissions',
    { config: admin, schema: { params: idParams, body: userPermissionsSchema, response: { 200: userPermissionEntriesSchema } } },
    async (request) => setUserPermissions(deps.db, userId(request.params.id), request.body.features),
  );

  app.get('/users/:id/vcn-assignments', { config: admin, schema: { params: idParams, response: { 200: vcnAssignmentEntriesSchema } } }, async (request) =>
    getVcnAssignments(deps.db, userId(request.params.id)),
  );

  app.post(
    '/users/:id/vcn-assignments',
    { config: admin, schema: { params: idParams, body: vcnAssignmentsSchema, response: { 200: vcnAssignmentEntriesSchema } } },
    async (request) => setVcnAssignments(deps.db, userId(request.params.id), request.body.vcnNicknames),
  );

  app.get('/users/:id/spark-assignments', { config: admin, schema: { params: idParams, response: { 200: z.array(sparkAssignmentSchema) } } }, async (request) =>
    getSparkAssignments(deps.db, userId(request.params.id)),
  );

  app.post(
    '/users/:id/spark-assignments',
    { config: admin, schema: { params: idParams, body: sparkAssignmentsSchema, response: { 200: z.array(sparkAssignmentSchema) } } },
    async (request) => setSparkAssignments(deps.db, userId(request.params.id), request.body.sparkIds),
  );

  app.get('/users/:id/subid1-assignments', { config: admin, schema: { params: idParams, response: { 200: subid1AssignmentEntriesSchema } } }, async (request) =>
    getSubid1Assignments(deps.db, userId(request.params.id)),
  );

  app.post(
    '/users/:id/subid1-assignments',
    { config: admin, schema: { params: idParams, body: subid1AssignmentsSchema, response: { 200: subid1AssignmentEntriesSchema } } },
    async (request) => setSubid1Assignments(deps.db, userId(request.params.id), request.body.subid1s),
  );
}
