// Deletes a spark; campaigns using it keep existing without one (the foreign key sets null).
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';

export async function deleteSpark(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(schema.sparks).where(eq(schema.sparks.id, id)).returning({ id: schema.sparks.id });
  if (deleted.length === 0) throw notFound('Spark not found');
}
