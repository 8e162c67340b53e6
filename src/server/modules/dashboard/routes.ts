import type { Handlers } from '../../plugins/calls.ts';
import { toWireDashboard } from './mapper.ts';
import type { DashboardService } from './service.ts';

/** The owner's "today" page (admin home): what needs doing and how the shop is doing, in one call. */
export const dashboardHandlers = (dashboard: DashboardService) =>
  ({
    dashboard: async () => ({ success: true, ...toWireDashboard(await dashboard.today(), dashboard.timeZone) }),
  }) satisfies Partial<Handlers>;
