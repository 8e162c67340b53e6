import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { errorMessage, isNotFound } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useAdminProduct } from '../api/get-admin-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { useAdminVariants } from '../api/product-variants.ts';
import { GalleryEditor } from '../components/gallery-editor.tsx';
import { ProductForm } from '../components/product-form.tsx';
import { VariantEditor } from '../components/variant-editor.tsx';
import '../../components/ui/breadcrumb.css';
import '../../components/ui/buttons.css';

/** The product's options, variant grid and photos, below its form (each saved on its own). */
function VariantsAndPhotos({ productId }: { productId: string }) {
  const query = useAdminVariants(productId);
  if (query.isPending) return <Spinner label="Loading the variants and photos" />;
  if (!query.data) {
    return (
      <p className="inline-error" role="alert">
        {errorMessage(query.error, 'The variants and photos could not be loaded.')}
      </p>
    );
  }
  return (
    <>
      <VariantEditor key={`variants-${productId}`} productId={productId} data={query.data} />
      <GalleryEditor key={`photos-${productId}`} productId={productId} photos={query.data.photos} />
    </>
  );
}

/** Update Product: the product form prefilled, UPDATE PRODUCT, and DELETE PRODUCT behind a confirmation. */
export default function UpdateProductRoute() {
  const { slug = '' } = useParams();
  const query = useAdminProduct(slug);
  const product = query.data?.product;
  const lowStockThreshold = query.data?.lowStockThreshold;
  usePageTitle(product ? `Dashboard - ${product.name}` : 'Dashboard - Update Product');
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (query.isPending) return <Spinner label="Loading the product" />;
  if (!product) {
    const missing = isNotFound(query.error);
    return (
      <section className="card empty-state" role="alert" aria-labelledby="product-missing-heading">
        <h1 id="product-missing-heading">{missing ? 'Product not found' : 'Something went wrong'}</h1>
        <p>{missing ? 'It may have been deleted or renamed.' : errorMessage(query.error, 'The product could not be loaded.')}</p>
        <Link to={paths.admin.products} className="btn">
          Back to all products
        </Link>
      </section>
    );
  }

  const confirmDelete = () =>
    remove.mutate(product._id, {
      onSuccess: () => {
        notify.success('Product Deleted Successfully');
        navigate(paths.admin.products, { replace: true });
      },
      onError: (error) => {
        notify.error(errorMessage(error));
        setConfirming(false);
      },
    });

  return (
    <section aria-labelledby="update-product-heading">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={paths.admin.products}>Products</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="list-header admin-header">
        <h1 id="update-product-heading">Update Product</h1>
        {product.draft ? (
          <span className="status status--neutral">Draft: not in the shop</span>
        ) : (
          <Link to={paths.product(product.slug)} className="btn btn--ghost">
            View in shop<span aria-hidden="true"> ↗</span>
          </Link>
        )}
      </div>
      <ProductForm
        // A fresher copy from the server (another admin's change) starts the form again.
        key={`${product._id}-${product.updatedAt}-${lowStockThreshold}`}
        product={product}
        lowStockThreshold={lowStockThreshold}
        submitLabel="UPDATE PRODUCT"
        busy={update.isPending}
        onSubmit={(values) =>
          update.mutate(
            { id: product._id, input: values },
            {
              onSuccess: () => {
                notify.success('Product Updated Successfully');
                navigate(paths.admin.products);
              },
              onError: (error) => notify.error(errorMessage(error)),
            },
          )
        }
        secondaryAction={
          <button type="button" className="btn btn--danger-soft" onClick={() => setConfirming(true)}>
            DELETE PRODUCT
          </button>
        }
      />
      <VariantsAndPhotos productId={product._id} />
      {confirming ? (
        <ConfirmDialog
          title="Delete this product?"
          confirmLabel="Delete product"
          busyLabel="Deleting…"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(false)}
        >
          <p>
            “{product.name}” will be removed from the shop for good. Orders that include it keep their record.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
