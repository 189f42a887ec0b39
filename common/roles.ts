import type { Role } from './constants.ts';

/** Staff run the community: admins and volunteers (see every request, mark any done). */
export const isStaff = (role: Role) => role === 'admin' || role === 'volunteer';
