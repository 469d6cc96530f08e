/** The setting module: tags (settings) and their categories. */
export { settingRoutes } from './routes';
