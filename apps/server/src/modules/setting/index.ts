/** The setting module: tags (settings) and their categories. */

export { NO_NAMES, type SettingNames, settingNames, settingNamesTokenSql } from './names';
export { settingRoutes } from './routes';
