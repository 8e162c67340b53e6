/** The shop's settings kept in the database (its signing secret, its currency and locale): other modules read them through this. */
export { getOrCreateSetting } from './repo.ts';
export { createShopMoneyService, loadShopMoney, type ShopMoneyService } from './shop-money.ts';
