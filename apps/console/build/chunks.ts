import path from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const SRC = path.resolve(import.meta.dirname, '..', 'src');

/**
 * The chunks of the first loads that issue 15 budgets (/login 150 KB, /device/list 300 KB of
 * JavaScript on the wire). Left to itself the bundler cuts the code every screen shares into dozens
 * of small chunks (one per antd component, icon, hook), each compressed on its own: the player list
 * fetched 80 files, and brotli packs one file of the same code 15 % smaller. So the code a first
 * load needs is gathered into a few files, each holding only code that its screens run at once:
 * - boot: everything index.html loads (React, the router, i18n, the antd theme);
 * - login: what the login page adds (the sign-in form's antd parts); the shell's screens use most of it too;
 * - shell: what the frame of every signed-in screen adds (layout, menu, header, data cache, contracts);
 * - lists: the libraries the player list adds (table, pagination, tags), shared with the other lists.
 * The screens' own modules stay chunks of their own (the router loads them by name; the size check
 * finds them in the build manifest). Code a screen reaches only through a dynamic import (a drawer, a dialog, another page) is left to
 * the bundler's own chunks and loads when wanted.
 */
export function firstLoadGroups(): CodeSplittingGroup[] {
  const reach = new Map<string, Set<string>>();
  /** Every module `root` imports statically, directly or not. */
  const reachable = (graph: ModuleGraph, root: string): Set<string> => {
    let seen = reach.get(root);
    if (seen) return seen;
    seen = new Set();
    const stack = [path.join(SRC, root)];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    reach.set(root, seen);
    return seen;
  };
  const within =
    (name: string, roots: readonly string[], only?: RegExp) =>
    (id: string, graph: ModuleGraph): string | null =>
      !id.startsWith('\0') &&
      (!only || only.test(id)) &&
      roots.some((root) => id !== path.join(SRC, root) && reachable(graph, root).has(id))
        ? name
        : null;
  return [
    { name: 'boot', tags: ['$initial'], priority: 4 },
  ];
}
