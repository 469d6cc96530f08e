/** The users module: staff accounts, sign-in, and the admin commands of the CLI and its socket. */
export {
  type AdminUserView,
  addUser,
  bootstrapAdmin,
  changePassword,
  listAllUsers,
  parseInput,
  removeUser,
  ZAddUser,
  ZChangePassword,
  ZRemoveUser,
} from './admin';
export { anyUserSql } from './repo';
export { usersRoutes } from './routes';
export { type SsoIdentity, userForSso, userInfoByPk, userInfosByPk } from './sso';
