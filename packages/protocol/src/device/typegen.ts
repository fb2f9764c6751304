/**
 * Generates state-types.ts — the TypeScript interfaces of the device state — from DEVICE_TREE.
 * (Inferring them with conditional types hit the compiler's depth limit; generated interfaces are also
 * readable and cheap to check.) `npm run gen:protocol` writes the file; a test keeps it current.
 */
import { MODELS } from './models';
import type { Field, Node, TreeContext } from './schema';
import { DEVICE_TREE } from './tree';

const RECORD_TYPES: Record<string, string> = {
  UAC: 'z.infer<typeof UacSchema>',
  lockedProperties: 'z.infer<typeof LockedPropertiesSchema>',
  discovery: 'z.infer<typeof DiscoverySchema>',
  NSTProxy: 'z.infer<typeof NstProxySchema>',
};

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const present = (x: { when?: (c: TreeContext) => boolean }, ctxs: TreeContext[]) => ({
  any: ctxs.some((c) => !x.when || x.when(c)),
  all: ctxs.every((c) => !x.when || x.when(c)),
});

function fieldType(f: Field, ctxs: TreeContext[]): string {
  switch (f.type) {
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'enum': {
      const all = new Set<string>();
      for (const c of ctxs) for (const x of f.choicesFor ? f.choicesFor(c) : f.choices) all.add(x);
      return all.size > 24 ? 'string' : [...all].map((x) => JSON.stringify(x)).join(' | ');
    }
  }
}

/** The source text of state-types.ts. */
export function generateStateTypes(): string {
  const out: string[] = [];
  // the contexts (models) in which a node exists: a child is optional only among those where its parent exists
  function visit(node: Node, name: string, path: string, ctxs: TreeContext[], key: string): string {
    switch (node.kind) {
      case 'record':
        return RECORD_TYPES[key] ?? 'unknown';
      case 'collection':
        return `Record<string, ${visit(
          node.item,
          name.replace(/s$/, ''),
          path + '/{key}',
          ctxs.map((c) => ({ model: c.model, keys: [...c.keys, '1'] })),
          key,
        )}>`;
      case 'object': {
        const lines: string[] = [];
        for (const [k, f] of Object.entries(node.fields)) {
          if (f.action) continue;
          const p = present(f, ctxs);
          if (!p.any) continue;
          const doc =
            f.type === 'number'
              ? ` /** ${f.min} … ${f.max}${f.unit ? ' ' + f.unit : ''}${f.readOnly ? ', read-only' : ''} */`
              : f.readOnly
                ? ' /** read-only */'
                : '';
          lines.push(`${doc ? doc.trimStart() + '\n  ' : ''}${k}${p.all ? '' : '?'}: ${fieldType(f, ctxs)};`);
        }
        for (const [k, c] of Object.entries(node.children)) {
          const p = present(c, ctxs);
          if (!p.any) continue;
          const childName = (name === 'Device' ? '' : name) + pascal(k);
          const inside = ctxs.filter((x) => !c.when || c.when(x));
          lines.push(`${k}${p.all ? '' : '?'}: ${visit(c, childName, `${path}/${k}`, inside, k)};`);
        }
        const iface = `${name}State`;
        out.push(`/** ${path || '/'} */\nexport interface ${iface} {\n${lines.map((l) => '  ' + l).join('\n')}\n}\n`);
        return iface;
      }
    }
  }
  visit(
    DEVICE_TREE,
    'Device',
    '',
    MODELS.map((model) => ({ model, keys: [] })),
    '',
  );
  return [
    '// Generated from DEVICE_TREE by `npm run gen:protocol` (packages/protocol/src/device/typegen.ts). Do not edit.',
    '// Fields present on only some models are optional.',
    "import type * as z from 'zod/mini';",
    "import type { DiscoverySchema, LockedPropertiesSchema, NstProxySchema, UacSchema } from './tree';",
    '',
    ...out,
  ].join('\n');
}
