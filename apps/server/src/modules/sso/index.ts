export { ssoRoutes } from './routes';
