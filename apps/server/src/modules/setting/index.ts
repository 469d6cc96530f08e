/** The setting module: tags (settings) and their categories. */

export { type SettingNames, settingNames, settingNamesTokenSql } from './names';
export { settingRoutes } from './routes';
