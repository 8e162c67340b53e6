/** Every path of the web app, in one table (spec.md section 2): the web app links with it, the server answers by it. */
export const paths = {
  home: '/',
  product: (slug: string) => `/product/${slug}`,
  categories: '/categories',
  category: (slug: string) => `/category/${slug}`,
  search: '/search',
  cart: '/cart',
  /** The one-page checkout: delivery address, delivery method, payment, the summary with shipping and tax. */
  checkout: '/checkout',
  about: '/about',
  contact: '/contact',
  policy: '/policy',
  shipping: '/shipping',
  returns: '/returns',
  register: '/register',
  login: '/login',
  forgotPassword: '/forgot-password',
  /** Where the mailed reset link leads (the token travels in the fragment: #token=…). */
  resetPassword: '/reset-password',
  /** A guest's order page, from the mailed link (the token travels in the fragment: #t=…). */
  guestOrder: (id: string) => `/order/${id}`,
  /** Where the mailed link confirming an account's address leads (#token=…): its guest orders join the account. */
  confirmEmail: '/confirm-email',
  user: {
    dashboard: '/dashboard/user',
    orders: '/dashboard/user/orders',
    /** An order's payment: the return from the card payment page, the bank details, "pay again". */
    orderPayment: (id: string) => `/dashboard/user/orders/${id}/payment`,
    profile: '/dashboard/user/profile',
  },
  admin: {
    dashboard: '/dashboard/admin',
    createCategory: '/dashboard/admin/create-category',
    createProduct: '/dashboard/admin/create-product',
    product: (slug: string) => `/dashboard/admin/product/${slug}`,
    products: '/dashboard/admin/products',
    users: '/dashboard/admin/users',
    orders: '/dashboard/admin/orders',
    data: '/dashboard/admin/data',
    audit: '/dashboard/admin/audit',
    order: (id: string) => `/dashboard/admin/orders/${id}`,
    /** The packing slips of these orders, one printed page each. */
    printOrders: (ids: readonly string[]) => `/dashboard/admin/orders/print?ids=${ids.join(',')}`,
    mails: '/dashboard/admin/mails',
    /** The shop's details, pages, banners and announcement bar. */
    shop: '/dashboard/admin/shop',
    settings: '/dashboard/admin/settings',
    discounts: '/dashboard/admin/discounts',
    /** Shipping zones, their delivery methods and tax rates; whether prices include tax. */
    shipping: '/dashboard/admin/shipping',
  },
} as const;

/**
 * The page paths the web app has a screen for (`:name` stands for one path segment, a trailing slash is
 * the same page). The server answers these with the app and HTTP 200 and any other page path with the
 * app's not-found screen and HTTP 404. A new screen adds its path above and its pattern here.
 */
export const PAGE_PATTERNS: readonly string[] = [
  paths.home,
  '/product/:slug',
  paths.categories,
  '/category/:slug',
  paths.search,
  paths.cart,
  paths.checkout,
  paths.about,
  paths.contact,
  paths.policy,
  paths.shipping,
  paths.returns,
  paths.register,
  paths.login,
  paths.forgotPassword,
  paths.resetPassword,
  '/order/:orderId',
  paths.confirmEmail,
  paths.user.dashboard,
  paths.user.orders,
  '/dashboard/user/orders/:orderId/payment',
  paths.user.profile,
  paths.admin.dashboard,
  paths.admin.createCategory,
  paths.admin.createProduct,
  '/dashboard/admin/product/:slug',
  paths.admin.products,
  paths.admin.users,
  paths.admin.orders,
  '/dashboard/admin/orders/:id',
  paths.admin.data,
  paths.admin.audit,
  paths.admin.mails,
  paths.admin.shop,
  paths.admin.settings,
  paths.admin.discounts,
  paths.admin.shipping,
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PAGE_PATH = new RegExp(
  `^(?:${PAGE_PATTERNS.map((pattern) => (pattern === '/' ? '' : pattern.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : escape(part))).join('/'))).join('|')})/?$`,
);

/** Whether the web app has a screen for this path (no query string). */
export const isPagePath = (path: string): boolean => PAGE_PATH.test(path);
