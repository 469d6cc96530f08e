import type { CodeSplittingGroup } from 'rolldown';

/**
 * Ant Design's core, which everything built with it needs (the theme and ConfigProvider, CSS-in-JS, the
 * shared utilities, motion, popups, and the button, spinner, flex and space every screen shows): the
 * shell loads it (router.tsx wraps it in AntdProvider), the login page does not.
 */
const ANTD_CORE = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/]antd[\\/]es[\\/](config-provider|theme|style|button|spin|flex|locale[\\/](index|context|en_US|useLocale))`,
    String.raw`[\\/]node_modules[\\/]@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)[\\/]`,
    String.raw`[\\/]node_modules[\\/](stylis|@emotion)[\\/]`,
  ].join('|'),
);

/**
 * The chunks of the first loads (issue 15 budgets /login at 150 KB and /device/list at 300 KB of
 * JavaScript on the wire). Left to itself the bundler cuts the code index.html loads into a dozen
 * chunks (React, the router, i18next...) because later pages share pieces of them, and each is
 * compressed on its own. Everything that loads at start loads anyway, so it is gathered into the
 * entry's chunk ($initial: index.html's static imports, directly or not), compressed once. The login
 * page uses no Ant Design; the shell's core of it is gathered the same way, into one chunk (`antd`)
 * loaded with the shell, rather than spread over the first screens' chunks. Screens and their other
 * libraries stay split by the bundler and load when wanted.
 *
 * (Grouping the login page's or the shell's libraries by module reach does not work: they import
 * antd and the domain package through barrel files, which reach every component and schema.)
 */
export function firstLoadGroups(): CodeSplittingGroup[] {
  return [
    { name: 'boot', tags: ['$initial'], priority: 2 },
    { name: 'antd', test: ANTD_CORE, priority: 1 },
  ];
}
