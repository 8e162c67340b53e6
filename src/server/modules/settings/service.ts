/** The shop's settings kept in the database (its signing secret): other modules read them through this. */
export { getOrCreateSetting } from './repo.ts';
