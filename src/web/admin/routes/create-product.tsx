import { useNavigate } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { ProductForm } from '../components/product-form.tsx';

/** Create Product: awaited; on success to the product list, on failure the server's message and the form as typed. */
export default function CreateProductRoute() {
  usePageTitle('Dashboard - Create Product');
  const create = useCreateProduct();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="create-product-heading">
      <div className="list-header admin-header">
        <h1 id="create-product-heading">Create Product</h1>
      </div>
      <ProductForm
        submitLabel="CREATE PRODUCT"
        busy={create.isPending}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: () => {
              notify.success('Product Created Successfully');
              navigate(paths.admin.products);
            },
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      />
    </section>
  );
}
