import { Route, Routes, useMatch } from 'react-router';
import { paths } from '../config/paths.ts';
import { AdminLayout } from './components/admin-menu.tsx';
import AdminHomeRoute from './routes/admin-home.tsx';
import AdminAuditRoute from './routes/audit.tsx';
import CreateProductRoute from './routes/create-product.tsx';
import AdminDataRoute from './routes/data.tsx';
import AdminDiscountsRoute from './routes/discounts.tsx';
import AdminMailsRoute from './routes/mails.tsx';
import ManageCategoryRoute from './routes/manage-category.tsx';
import AdminNotFoundRoute from './routes/not-found.tsx';
import AdminOrderDetailRoute from './routes/order-detail.tsx';
import AdminOrdersRoute from './routes/orders.tsx';
import PrintOrdersRoute from './routes/print-orders.tsx';
import AdminProductsRoute from './routes/products.tsx';
import AdminShopRoute from './routes/shop.tsx';
import AdminSettingsRoute from './routes/settings.tsx';
import AdminShippingRoute from './routes/shipping.tsx';
import UpdateProductRoute from './routes/update-product.tsx';
import AdminUsersRoute from './routes/users.tsx';

/**
 * The administrator area: its own lazily loaded chunk, mounted by the router at /dashboard/admin/*
 * behind AdminGuard. Its screens are routes relative to /dashboard/admin (paths.admin.*).
 */
export default function AdminArea() {
  // The packing slips are a page of their own, without the admin menu around them.
  const printing = useMatch(`${paths.admin.orders}/print`) !== null;
  if (printing) return <PrintOrdersRoute />;
  return (
    <AdminLayout>
      <Routes>
        <Route index element={<AdminHomeRoute />} />
        <Route path="create-category" element={<ManageCategoryRoute />} />
        <Route path="create-product" element={<CreateProductRoute />} />
        <Route path="products" element={<AdminProductsRoute />} />
        <Route path="product/:slug" element={<UpdateProductRoute />} />
        <Route path="orders" element={<AdminOrdersRoute />} />
        <Route path="orders/:orderId" element={<AdminOrderDetailRoute />} />
        <Route path="discounts" element={<AdminDiscountsRoute />} />
        <Route path="mails" element={<AdminMailsRoute />} />
        <Route path="users" element={<AdminUsersRoute />} />
        <Route path="data" element={<AdminDataRoute />} />
        <Route path="audit" element={<AdminAuditRoute />} />
        <Route path="shop" element={<AdminShopRoute />} />
        <Route path="settings" element={<AdminSettingsRoute />} />
        <Route path="shipping" element={<AdminShippingRoute />} />
        <Route path="*" element={<AdminNotFoundRoute />} />
      </Routes>
    </AdminLayout>
  );
}
