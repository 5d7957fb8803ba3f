/** The administrator the e2e server creates at its first start. */
export const ADMIN = {
  email: 'admin@platewise.test',
  password: 'E2e-Admin-Passw0rd!',
} as const;
