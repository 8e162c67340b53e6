/** Every path of the web app, in one table (spec.md section 2). */
export const paths = {
  home: '/',
  product: (slug: string) => `/product/${slug}`,
  categories: '/categories',
  category: (slug: string) => `/category/${slug}`,
  search: '/search',
  cart: '/cart',
  about: '/about',
  contact: '/contact',
  policy: '/policy',
  register: '/register',
  login: '/login',
  forgotPassword: '/forgot-password',
  /** Where the mailed reset link leads (the token travels in the fragment: #token=…). */
  resetPassword: '/reset-password',
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
  },
} as const;

/** Where the Dashboard link goes for a role (1 means administrator). */
export const dashboardPath = (role: number | undefined) => (role === 1 ? paths.admin.dashboard : paths.user.dashboard);
