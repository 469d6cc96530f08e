import type { CodeSplittingGroup } from 'rolldown';

/**
 * The chunk of the first load (issue 15 budgets /login at 150 KB and /device/list at 300 KB of
 * JavaScript on the wire). Left to itself the bundler cuts the code index.html loads into a dozen
 * chunks (React, the router, i18next, antd's theme, Button, Spin, icons...) because later pages share
 * pieces of them, and each is compressed on its own. Everything that loads at start loads anyway, so
 * it is gathered into the entry's chunk ($initial: index.html's static imports, directly or not),
 * compressed once. Screens and their libraries stay split by the bundler and load when wanted.
 *
 * (Grouping the login page's or the shell's libraries the same way does not work by module reach:
 * they import antd and the domain package through barrel files, which reach every component and schema.)
 */
export function firstLoadGroups(): CodeSplittingGroup[] {
  return [{ name: 'boot', tags: ['$initial'] }];
}
