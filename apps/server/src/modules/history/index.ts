export { historyRoutes, playHistoryRoutes } from './routes';
