/**
 * The table of calls: every call of the API, once. The server registers its routes from it (a handler
 * per name), the web app's client is typed from it (a call is named, never a path), and the OpenAPI
 * description and docs/api.md's tables are generated from it (`npm run docs:api`).
 */
import { auditPeopleResponse, auditQuery, auditResponse } from './audit.ts';
import {
  forgotPasswordBody,
  loginBody,
  loginResponse,
  okResponse,
  profileBody,
  profileResponse,
  registerBody,
  registerResponse,
  resetLinkBody,
  resetPasswordBody,
  securityAnswerBody,
} from './auth.ts';
import { type Call, defineCalls } from './call.ts';
import { categoryChangedResponse, categoryIdParams, categoryInput, getCategoriesResponse } from './category.ts';
import { errorResponse, pageQuery, successResponse } from './common.ts';
import { dashboardResponse } from './dashboard.ts';
import { IMPORT_MAX_BYTES, importOptions, importRefusedResponse, importResponse, ordersCsvQuery, PRODUCT_CSV_COLUMNS } from './data.ts';
import { mailParams, mailResendResponse, mailResponse, mailsQuery, mailsResponse } from './mail.ts';
import {
  checkoutBody,
  checkoutResponse,
  orderDetailResponse,
  orderIdParams,
  orderStatusBody,
  orderStatusResponse,
  ordersResponse,
} from './order.ts';
import {
  adminProductResponse,
  getProductResponse,
  getProductsResponse,
  photoParams,
  photoQuery,
  productCategoryResponse,
  productChangedResponse,
  productCountResponse,
  productDeletedResponse,
  productFields,
  productFiltersBody,
  productFiltersResponse,
  productIdParams,
  productListParams,
  productListResponse,
  relatedParams,
  relatedResponse,
  searchParams,
  searchResponse,
  slugParams,
} from './product.ts';
import { allUsersResponse } from './user.ts';

const ordersList =
  'Newest first, a page at a time (`?page=`), or without a page the newest 500; the true number of orders is in the X-Total-Count header.';
const productForm =
  'multipart/form-data: name, description, price, quantity, category (id), shipping (0/1), photo (image file, at most 1 MB)';

export const calls = defineCalls({
  // Accounts
  register: {
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    tag: 'accounts',
    signInBudget: true,
    body: registerBody,
    answers: { 201: registerResponse, 409: errorResponse },
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    tag: 'accounts',
    signInBudget: true,
    body: loginBody,
    answers: { 200: loginResponse, 401: errorResponse },
  },
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    access: 'public',
    tag: 'accounts',
    signInBudget: true,
    description: 'A new password with the security answer; refused (403) for an administrator, who uses the mailed link.',
    body: forgotPasswordBody,
    answers: { 200: successResponse, 401: errorResponse, 403: errorResponse },
    docs: { answer: '403 for an administrator (the mailed link only)' },
  },
  resetLink: {
    method: 'POST',
    path: '/auth/reset-link',
    access: 'public',
    tag: 'accounts',
    signInBudget: true,
    description:
      'Mail a link to choose a new password. The answer is the same, in the same time, whether the address has an account or not.',
    body: resetLinkBody,
    answers: { 200: successResponse },
    docs: { answer: 'the same, in the same time, whether the address has an account or not; mails a link (once, 30 minutes)' },
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    access: 'public',
    tag: 'accounts',
    signInBudget: true,
    description: 'A new password, with the token of a mailed link (once, within 30 minutes).',
    body: resetPasswordBody,
    answers: { 200: successResponse },
    docs: { send: '(the token from the mailed link)', answer: '400 when the link was used or is too old' },
  },
  userAuth: {
    method: 'GET',
    path: '/auth/user-auth',
    access: 'user',
    tag: 'accounts',
    answers: { 200: okResponse, 401: errorResponse },
  },
  adminAuth: {
    method: 'GET',
    path: '/auth/admin-auth',
    access: 'admin',
    tag: 'accounts',
    answers: { 200: okResponse, 403: errorResponse },
  },
  updateProfile: {
    method: 'PUT',
    path: '/auth/profile',
    access: 'user',
    tag: 'accounts',
    description: 'A new `password` needs `currentPassword` (400 without it, 403 when it is wrong); an empty password keeps the old one.',
    body: profileBody,
    answers: { 200: profileResponse, 403: errorResponse },
    docs: {
      send: '(e-mail is read-only; a new `password` needs `currentPassword`)',
      answer: 'a new `token` after a password change; 400 without the current password, 403 when it is wrong',
    },
  },
  changeSecurityAnswer: {
    method: 'PUT',
    path: '/auth/security-answer',
    access: 'user',
    tag: 'accounts',
    description: 'A new security answer, with the current password (403 when it is wrong).',
    body: securityAnswerBody,
    answers: { 200: successResponse, 403: errorResponse },
    docs: { answer: '403 when the password is wrong' },
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    access: 'user',
    tag: 'accounts',
    description: "Sign this session out: its token is refused from now on (the account's other sessions stay).",
    answers: { 200: successResponse, 401: errorResponse },
    docs: { answer: "this session's token is refused from now on" },
  },
  allUsers: {
    method: 'GET',
    path: '/auth/all-users',
    access: 'admin',
    tag: 'accounts',
    query: pageQuery,
    answers: { 200: allUsersResponse },
    docs: { send: '(20 a page)' },
  },

  // Orders
  placeOrder: {
    method: 'POST',
    path: '/auth/orders',
    access: 'user',
    tag: 'orders',
    // Checkout takes stock: the catalogue shows it.
    changesCatalogue: true,
    description:
      'Places an order (pay on delivery). Orders waiting for payment are limited per account and per client address: 429 past the number of orders, 409 past the units (OPEN_ORDERS_PER_ACCOUNT, OPEN_UNITS_PER_ACCOUNT, OPEN_ORDERS_PER_ADDRESS, OPEN_UNITS_PER_ADDRESS).',
    body: checkoutBody,
    answers: { 201: checkoutResponse, 409: errorResponse, 429: errorResponse },
    docs: {
      send: '(`{_id}` or whole products, at most 100 entries)',
      answer:
        "409 when short of stock or past the units waiting for payment, 429 past the orders waiting for payment (per account and per address, see the README's configuration)",
    },
  },
  myOrders: {
    method: 'GET',
    path: '/auth/orders',
    access: 'user',
    tag: 'orders',
    description: ordersList,
    query: pageQuery,
    answers: { 200: ordersResponse },
    totalHeader: true,
    docs: { send: '(20 a page), all without a page', answer: "the user's orders, newest first" },
  },
  allOrders: {
    method: 'GET',
    path: '/auth/all-orders',
    access: 'admin',
    tag: 'orders',
    description: ordersList,
    query: pageQuery,
    answers: { 200: ordersResponse },
    totalHeader: true,
    docs: { send: '(20 a page), all without a page', answer: 'every order, newest first' },
  },
  setOrderStatus: {
    method: 'PUT',
    path: '/auth/order-status/:orderId',
    access: 'admin',
    tag: 'orders',
    // Cancelling returns stock, reopening takes it again.
    changesCatalogue: true,
    params: orderIdParams,
    body: orderStatusBody,
    answers: { 200: orderStatusResponse },
    docs: { send: '(`Not Process`, `Processing`, `Shipped`, `deliverd` or `cancel`)', answer: 'the buyer is mailed' },
  },
  orderDetail: {
    method: 'GET',
    path: '/auth/order/:orderId',
    access: 'admin',
    tag: 'orders',
    description: 'One order for the administrator: delivery details, lines, total and its status history (who, when).',
    params: orderIdParams,
    answers: { 200: orderDetailResponse, 404: errorResponse },
    docs: { answer: 'the history lists who changed the status, when' },
  },

  // The owner's page and mails
  dashboard: {
    method: 'GET',
    path: '/auth/dashboard',
    access: 'admin',
    tag: 'owner',
    answers: { 200: dashboardResponse },
  },
  mails: {
    method: 'GET',
    path: '/auth/mails',
    access: 'admin',
    tag: 'owner',
    query: mailsQuery,
    answers: { 200: mailsResponse },
    docs: { send: '(`status`: `pending`, `sending`, `sent`, `kept`, `failed`)', answer: '20 a page, newest first' },
  },
  mail: {
    method: 'GET',
    path: '/auth/mails/:mailId',
    access: 'admin',
    tag: 'owner',
    params: mailParams,
    answers: { 200: mailResponse, 404: errorResponse },
    docs: { answer: 'the mail with its plain text' },
  },
  resendMail: {
    method: 'POST',
    path: '/auth/mails/:mailId/resend',
    access: 'admin',
    tag: 'owner',
    description: 'Send a mail again (a failed one, after fixing the mail settings).',
    params: mailParams,
    answers: { 200: mailResendResponse, 404: errorResponse },
    docs: { answer: 'sent again, with a fresh set of tries' },
  },

  // Categories
  getCategories: {
    method: 'GET',
    path: '/category/get-category',
    access: 'public',
    tag: 'categories',
    cache: true,
    answers: { 200: getCategoriesResponse },
    docs: { answer: 'alphabetical, at most 500' },
  },
  createCategory: {
    method: 'POST',
    path: '/category/create-category',
    access: 'admin',
    tag: 'categories',
    changesCatalogue: true,
    body: categoryInput,
    answers: { 201: categoryChangedResponse, 409: errorResponse },
  },
  updateCategory: {
    method: 'PUT',
    path: '/category/update-category/:id',
    access: 'admin',
    tag: 'categories',
    changesCatalogue: true,
    params: categoryIdParams,
    body: categoryInput,
    answers: { 200: categoryChangedResponse },
  },
  deleteCategory: {
    method: 'DELETE',
    path: '/category/delete-category/:id',
    access: 'admin',
    tag: 'categories',
    changesCatalogue: true,
    params: categoryIdParams,
    answers: { 200: successResponse, 409: errorResponse },
    docs: { answer: '409 while it has products' },
  },

  // Products
  productList: {
    method: 'GET',
    path: '/product/product-list/:page',
    access: 'public',
    tag: 'products',
    cache: true,
    params: productListParams,
    answers: { 200: productListResponse },
    docs: { answer: '12 a page, newest first' },
  },
  productCount: {
    method: 'GET',
    path: '/product/product-count',
    access: 'public',
    tag: 'products',
    cache: true,
    answers: { 200: productCountResponse },
  },
  productFilters: {
    method: 'POST',
    path: '/product/product-filters',
    access: 'public',
    tag: 'products',
    cache: true,
    body: productFiltersBody,
    answers: { 200: productFiltersResponse },
    docs: { send: '(`checked`: category ids; `radio`: a band `[min, max]` or `[]`)', answer: 'all without a page' },
  },
  search: {
    method: 'GET',
    path: '/product/search/:keyword',
    access: 'public',
    tag: 'products',
    cache: true,
    description:
      'Ranked by relevance, a page at a time (`?page=`), or without a page every match up to 1,000; the true number of matches is in the X-Total-Count header.',
    params: searchParams,
    query: pageQuery,
    answers: { 200: searchResponse },
    totalHeader: true,
    docs: { answer: 'matches, best first; all without a page' },
  },
  getProducts: {
    method: 'GET',
    path: '/product/get-product',
    access: 'public',
    tag: 'products',
    cache: true,
    query: pageQuery,
    answers: { 200: getProductsResponse },
    docs: { send: '(page 1 without one)' },
  },
  getProduct: {
    method: 'GET',
    path: '/product/get-product/:slug',
    access: 'public',
    tag: 'products',
    cache: true,
    params: slugParams,
    answers: { 200: getProductResponse, 404: errorResponse },
    docs: { answer: 'an old slug still answers' },
  },
  relatedProducts: {
    method: 'GET',
    path: '/product/related-product/:pid/:cid',
    access: 'public',
    tag: 'products',
    cache: true,
    params: relatedParams,
    answers: { 200: relatedResponse },
    docs: { answer: '3 of the same category' },
  },
  productCategory: {
    method: 'GET',
    path: '/product/product-category/:slug',
    access: 'public',
    tag: 'products',
    cache: true,
    params: slugParams,
    query: pageQuery,
    answers: { 200: productCategoryResponse, 404: errorResponse },
    docs: { answer: 'all without a page' },
  },
  adminProduct: {
    method: 'GET',
    path: '/product/admin-product/:id',
    access: 'admin',
    tag: 'products',
    description: 'A product with its low-stock threshold, for the administrator.',
    params: productIdParams,
    answers: { 200: adminProductResponse, 404: errorResponse },
  },
  productPhoto: {
    method: 'GET',
    path: '/product/product-photo/:id',
    access: 'public',
    tag: 'products',
    cache: true,
    description:
      'The photo bytes with ETag; `?v=` (a version) makes the answer cacheable for a year; `?w=320` or `?w=640` answers a WebP copy that wide (never wider than the photo).',
    params: photoParams,
    query: photoQuery,
    file: 'image/*',
    docs: {
      send: '(`v`: cache for a year; `w`: 320 or 640, a WebP copy that wide)',
      answer: 'the image, with `ETag` (304 on `If-None-Match`)',
    },
  },
  createProduct: {
    method: 'POST',
    path: '/product/create-product',
    access: 'admin',
    tag: 'products',
    changesCatalogue: true,
    description: productForm,
    form: { fields: productFields, file: 'photo' },
    answers: { 201: productChangedResponse },
  },
  updateProduct: {
    method: 'PUT',
    path: '/product/update-product/:id',
    access: 'admin',
    tag: 'products',
    changesCatalogue: true,
    description: productForm,
    params: productIdParams,
    form: { fields: productFields, file: 'photo' },
    answers: { 200: productChangedResponse },
    docs: { send: '(no `photo` keeps it, no `shipping` keeps it)' },
  },
  deleteProduct: {
    method: 'DELETE',
    path: '/product/delete-product/:id',
    access: 'admin',
    tag: 'products',
    changesCatalogue: true,
    params: productIdParams,
    answers: { 200: productDeletedResponse, 404: errorResponse },
  },

  // The shop's data
  audit: {
    method: 'GET',
    path: '/admin/audit',
    access: 'admin',
    tag: 'data',
    query: auditQuery,
    answers: { 200: auditResponse },
    docs: {
      send: '(`kind`: `product`, `category`, `order`, `user`, `import`, `backup`, `restore`; `actor`: a user id, 0 for the shop itself or a command-line tool)',
      answer: 'newest first, 25 a page',
    },
  },
  auditPeople: {
    method: 'GET',
    path: '/admin/audit/people',
    access: 'admin',
    tag: 'data',
    answers: { 200: auditPeopleResponse },
    docs: { answer: 'everyone who changed something' },
  },
  auditCsv: {
    method: 'GET',
    path: '/admin/audit.csv',
    access: 'admin',
    tag: 'data',
    description: 'The audit log as CSV (UTF-8), newest first.',
    query: auditQuery,
    file: 'text/csv',
    docs: { answer: 'the log as CSV (UTF-8), newest first, with the same filters' },
  },
  productsCsv: {
    method: 'GET',
    path: '/admin/products.csv',
    access: 'admin',
    tag: 'data',
    description: 'Every product as CSV (UTF-8 with a byte-order mark), streamed.',
    file: 'text/csv',
    docs: { answer: `every product as CSV: \`${PRODUCT_CSV_COLUMNS.join(', ')}\` (UTF-8 with a byte-order mark, streamed)` },
  },
  importProducts: {
    method: 'POST',
    path: '/admin/products-import',
    access: 'admin',
    tag: 'data',
    changesCatalogue: true,
    description:
      'multipart/form-data: file (CSV), apply (`true` applies; otherwise a dry run), createCategories (`true`). Answers the report; 400 with it when a row has an error.',
    form: { fields: importOptions, file: 'file', maxFileBytes: IMPORT_MAX_BYTES },
    answers: { 200: importResponse, 400: importRefusedResponse },
    docs: {
      send: '(`file`: a CSV in the shape of the export; `apply`: `true`, otherwise a dry run; `createCategories`: `true`)',
      answer:
        'per row `create`, `update` (with the columns it changes), `unchanged` or `error` (column and reason); 400 with the report when a row has an error (nothing changed)',
    },
  },
  ordersCsv: {
    method: 'GET',
    path: '/admin/orders.csv',
    access: 'admin',
    tag: 'data',
    description: "One row per order line, for accounting; days from and to (both included) in the shop's time zone.",
    query: ordersCsvQuery,
    file: 'text/csv',
    docs: { send: '(days, `YYYY-MM-DD`, both included, in `SHOP_TIMEZONE`)', answer: 'one row per order line, for accounting' },
  },
  backup: {
    method: 'GET',
    path: '/admin/backup',
    access: 'admin',
    tag: 'data',
    description: 'The whole shop (a consistent snapshot) as one gzip file of JSON lines, for `npm run restore`.',
    file: 'application/gzip',
    docs: {
      answer:
        'the whole shop (a consistent snapshot) as `emporium-backup-<time>.jsonl.gz`, for `npm run restore`; 409 while another is being made',
    },
  },
});

export type Calls = typeof calls;
export type CallName = keyof Calls;
/** The calls whose answer is JSON (the others answer a file). */
export type JsonCallName = { [N in CallName]: Calls[N] extends { file: string } ? never : N }[CallName];
/** The calls whose answer is a file to save (a photo is shown by its address instead). */
export type FileCallName = Exclude<CallName, JsonCallName>;

/** Every entry is a Call (the table's literal types are kept for the client and the handlers). */
export const callList = Object.entries(calls) as [CallName, Call][];
