import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopContentResponse } from '../../../../contract/shop-content.ts';
import { SHOP_CONTENT_SCRIPT_ID } from '../../../../contract/limits.ts';
import { api } from '../../../lib/api-client.ts';

/** What the server wrote into the page (its answer of shop/content when the page was sent), if anything. */
function fromPage(): ShopContentResponse | undefined {
  const script = typeof document === 'undefined' ? null : document.getElementById(SHOP_CONTENT_SCRIPT_ID);
  if (!script?.textContent) return undefined;
  try {
    return JSON.parse(script.textContent) as ShopContentResponse;
  } catch {
    return undefined;
  }
}
const inPage = fromPage();
const pageLoadedAt = Date.now();

/**
 * GET shop/content: the owner's details, pages, announcement bar and home banners (one cached answer).
 * The first render takes them from the page itself: the bar and the banners are there from the start.
 */
export const shopContentQuery = () =>
  queryOptions({
    queryKey: ['shop-content'],
    queryFn: () => api.call('shopContent'),
    staleTime: 5 * 60_000,
    ...(inPage ? { initialData: inPage, initialDataUpdatedAt: pageLoadedAt } : {}),
  });

export const useShopContent = () => useQuery(shopContentQuery());
