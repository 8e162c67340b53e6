import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { CartSync } from '../features/cart/components/cart-sync.tsx';
import { AnnouncementBar } from '../features/shop/components/announcement-bar.tsx';
import { logout } from '../features/auth/api/logout.ts';
import { AdminGuard, UserGuard } from '../features/auth/components/guards.tsx';
import { useCategories } from '../features/categories/api/get-categories.ts';
import { CategoriesMenu } from '../features/categories/components/categories-menu.tsx';
import { SearchBox } from '../features/products/components/search-box.tsx';
import HomeRoute from './routes/home.tsx';

// Every screen but Home is loaded on first visit, so the first load stays small.
const ProductDetails = lazy(() => import('./routes/product-details.tsx'));
const Categories = lazy(() => import('./routes/categories.tsx'));
const CategoryRoute = lazy(() => import('./routes/category.tsx'));
const Search = lazy(() => import('./routes/search.tsx'));
const Cart = lazy(() => import('./routes/cart.tsx'));
const Checkout = lazy(() => import('./routes/checkout.tsx'));
const About = lazy(() => import('./routes/about.tsx'));
const Contact = lazy(() => import('./routes/contact.tsx'));
const Policy = lazy(() => import('./routes/policy.tsx'));
const Register = lazy(() => import('./routes/register.tsx'));
const Login = lazy(() => import('./routes/login.tsx'));
const ForgotPassword = lazy(() => import('./routes/forgot-password.tsx'));
const ResetPassword = lazy(() => import('./routes/reset-password.tsx'));
const GuestOrder = lazy(() => import('./routes/guest-order.tsx'));
const ConfirmEmail = lazy(() => import('./routes/confirm-email.tsx'));
const UserDashboard = lazy(() => import('./routes/user/dashboard.tsx'));
const UserOrders = lazy(() => import('./routes/user/orders.tsx'));
const UserProfile = lazy(() => import('./routes/user/profile.tsx'));
const OrderPayment = lazy(() => import('./routes/user/order-payment.tsx'));
const NotFound = lazy(() => import('./routes/not-found.tsx'));
// The administrator area is its own chunk with its own routes: shoppers never download it.
const AdminArea = lazy(() => import('../admin/admin-area.tsx'));

/** The header's search box, suggesting the shop's categories as well as products. */
function SiteSearch() {
  const categories = useCategories();
  return <SearchBox categories={categories.data ?? []} />;
}

/** The route table of spec.md section 2. */
export function AppRoutes() {
  return (
    <>
      <CartSync />
      <Routes>
      <Route element={<AppLayout categoriesMenu={<CategoriesMenu />} searchBox={<SiteSearch />} announcement={<AnnouncementBar />} onLogout={logout} />}>
        <Route path={paths.home} element={<HomeRoute />} />
        <Route path="/product/:slug" element={<ProductDetails />} />
        <Route path={paths.categories} element={<Categories />} />
        <Route path="/category/:slug" element={<CategoryRoute />} />
        <Route path={paths.search} element={<Search />} />
        <Route path={paths.cart} element={<Cart />} />
        <Route path={paths.checkout} element={<Checkout />} />
        <Route path={paths.about} element={<About />} />
        <Route path={paths.contact} element={<Contact />} />
        <Route path={paths.policy} element={<Policy />} />
        <Route path={paths.shipping} element={<Policy />} />
        <Route path={paths.returns} element={<Policy />} />
        <Route path={paths.register} element={<Register />} />
        <Route path={paths.login} element={<Login />} />
        <Route path={paths.forgotPassword} element={<ForgotPassword />} />
        <Route path={paths.resetPassword} element={<ResetPassword />} />
        <Route path="/order/:orderId" element={<GuestOrder />} />
        <Route path={paths.confirmEmail} element={<ConfirmEmail />} />
        <Route path={paths.user.dashboard} element={<UserGuard />}>
          <Route index element={<UserDashboard />} />
          <Route path="orders" element={<UserOrders />} />
          <Route path="orders/:orderId/payment" element={<OrderPayment />} />
          <Route path="profile" element={<UserProfile />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
      {/* The admin area has its own frame: no shop search, cart or categories in its header. */}
      <Route element={<AppLayout categoriesMenu={null} searchBox={null} onLogout={logout} admin />}>
        <Route path={`${paths.admin.dashboard}/*`} element={<AdminGuard />}>
          <Route path="*" element={<AdminArea />} />
        </Route>
      </Route>
      </Routes>
    </>
  );
}
