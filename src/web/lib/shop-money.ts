import { setShopMoney } from '../../domain/money.ts';

/**
 * The shop's currency and locale, as the server wrote them into the page (`<meta name="shop-money">`): the
 * first prices are formatted without a call. A page without them (the development server) keeps the
 * money module's default.
 */
const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="shop-money"]');
const currency = meta?.dataset.currency;
const locale = meta?.dataset.locale;
if (currency && locale) {
  try {
    setShopMoney({ currency, locale });
  } catch {
    // An unknown code keeps the default rather than breaking the page.
  }
}
