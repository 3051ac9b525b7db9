// Test support: where a zod schema would take an object with keys it does not know and silently drop
// them. Request bodies must refuse them instead (a 400 naming the field), at every depth.
import type { z } from 'zod';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * The paths ('' for the body itself, 'lineItems[]' for each line) of the objects in `schema` that accept
 * unknown keys. Records (maps from any key) are not objects with fields and are not reported.
 */
export function looseObjectPaths(schema: z.ZodType): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown, path: string): void => {
    if (!node || seen.has(node)) return;
    seen.add(node);
    const def = defOf(node);
    switch (def.type) {
      case 'object': {
        const catchall = def.catchall as unknown;
        if (!catchall || defOf(catchall).type !== 'never') found.push(path);
        for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) walk(field, path ? `${path}.${key}` : key);
        return;
      }
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return walk(def.innerType, path);
      case 'pipe':
        walk(def.in, path);
        return walk(def.out, path);
      case 'union':
        for (const option of def.options as unknown[]) walk(option, path);
        return;
      case 'intersection':
        walk(def.left, path);
        return walk(def.right, path);
      case 'array':
        return walk(def.element, `${path}[]`);
      case 'tuple':
        (def.items as unknown[]).forEach((item, i) => walk(item, `${path}[${i}]`));
        return walk(def.rest, `${path}[]`);
      case 'record':
        return walk(def.valueType, `${path}{}`);
      case 'lazy':
        return walk((def.getter as () => unknown)(), path);
      default:
        // Leaves (strings, numbers, enums, literals, transforms, custom checks) hold no object.
        return;
    }
  };
  walk(schema, '');
  return found;
}
