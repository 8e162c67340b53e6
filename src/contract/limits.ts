/**
 * Limits and constants of the API that the web app needs in its first load. No zod here: importing
 * a value from a schema module would pull the whole validation library into the storefront's entry.
 */

/** Products per page on every paged product list. */
export const PRODUCT_PAGE_SIZE = 12;
/** Orders per page (orders and all-orders). */
export const ORDERS_PAGE_SIZE = 20;
/** Users per page (all-users). */
export const USERS_PAGE_SIZE = 20;
/** Header carrying the true total of a list whose body is a bare array (kept for wire compatibility). */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** On a search answered for a corrected spelling: the words searched for instead (URI-encoded). */
export const SEARCH_CORRECTED_HEADER = 'x-search-corrected';
/** Most entries a checkout cart may hold. */
export const MAX_CART_ENTRIES = 100;
/** Product photos: at most 20 MB each, real images only. */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** Photos a product may have (its gallery). */
export const PRODUCT_PHOTOS_MAX = 20;
/** Options a product may have (Size, Colour, Material), values an option may have, variants a product may have. */
export const VARIANT_OPTIONS_MAX = 3;
export const OPTION_VALUES_MAX = 100;
export const VARIANTS_MAX = 2048;
/** Characters of an option's name and of one of its values. */
export const OPTION_NAME_MAX = 60;
export const OPTION_VALUE_MAX = 60;
/** Options a product-filters call may filter by at once. */
export const FILTER_OPTIONS_MAX = 10;
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
/**
 * Widths of the smaller WebP copies of every product photo (`product-photo/{id}?w=320`): for cards and
 * for product pages, so a phone never downloads the full photo for a 170-pixel card.
 */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/**
 * The id of the JSON script in each page's HTML that carries the shop's own words and banners (the answer
 * of shop/content): the web app's first render has them, so the announcement bar and banners never move
 * the page when they arrive.
 */
export const SHOP_CONTENT_SCRIPT_ID = 'shop-content';
