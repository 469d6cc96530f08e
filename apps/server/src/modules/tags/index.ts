/** The tags module: tags (settings) and their categories. */

export { NO_NAMES, type SettingNames, settingNames, settingNamesTokenSql } from './names';
export { allDeviceTags } from './repo';
export { settingRoutes } from './routes';
