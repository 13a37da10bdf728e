import { PAGE_PATHS } from '@toolyard/shared';

/** The admin pages' paths: the app's route table sends each to `AdminRoutes`, which has their code. */
const ADMIN_PAGE_PATHS = [
  PAGE_PATHS.users,
  PAGE_PATHS.addItem,
  PAGE_PATHS.manageOrder,
  PAGE_PATHS.messages,
  PAGE_PATHS.hiddenReviews,
  PAGE_PATHS.outbox,
  PAGE_PATHS.categories,
];

/** Any admin page's path, in any letter case, with or without a final slash (as wouter matches). */
export const adminPagePath = new RegExp(`^(?:${ADMIN_PAGE_PATHS.join('|')})/?$`, 'i');
