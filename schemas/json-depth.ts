/**
 * How deep a request body may nest objects and arrays, the body itself being the first level
 * (docs/decisions.md, "Nesting depth"). Every walk of a body recurses (validation, the request fingerprint,
 * JSON.stringify on the way to the bus), so a body thousands of levels deep would exhaust the stack.
 */
export const MAX_JSON_DEPTH = 32;

type Visit = { value: unknown; depth: number; key?: string | number; parent?: Visit };

const pathOf = (visit: Visit): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.push(at.key!);
  return path.reverse();
};

/**
 * The path of the first object or array (in document order) nested deeper than `maxDepth` levels, or undefined.
 * It walks with a stack of its own, so that no depth of input can exhaust the call stack.
 */
export function tooDeepPath(value: unknown, maxDepth: number): (string | number)[] | undefined {
  const pending: Visit[] = [{ value, depth: 1 }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (visit.value === null || typeof visit.value !== 'object') continue;
    if (visit.depth > maxDepth) return pathOf(visit);
    const children: [string | number, unknown][] = Array.isArray(visit.value) ? [...visit.value.entries()] : Object.entries(visit.value);
    for (let index = children.length - 1; index >= 0; index--) {
      const [key, child] = children[index]!;
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth: visit.depth + 1, key, parent: visit });
    }
  }
  return undefined;
}
