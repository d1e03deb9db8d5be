import type { AuthProvider } from 'react-admin';

/** An auth provider of a signed-in admin of the given role: what usePermissions answers. */
export const signedInAs = (role: 'admin' | 'owner'): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(role),
});
