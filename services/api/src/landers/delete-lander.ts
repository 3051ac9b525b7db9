// Deletes a lander; its campaigns keep existing without one (the foreign key sets null) until edited.
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';

export async function deleteLander(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(schema.landers).where(eq(schema.landers.id, id)).returning({ id: schema.landers.id });
  if (deleted.length === 0) throw notFound('Lander not found');
}
