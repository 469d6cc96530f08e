/** The registrations module: the waiting list and the registration of players to stores (PINs). */
export { hashPin } from './pins';
export { playersRoutes, registrationsRoutes } from './routes';
