export { paths } from '../../contract/pages.ts';
import { paths } from '../../contract/pages.ts';

/** Where the Dashboard link goes for a role (1 means administrator). */
export const dashboardPath = (role: number | undefined) => (role === 1 ? paths.admin.dashboard : paths.user.dashboard);
