import { useRef, useState } from 'react';
import type { Category } from '../../../contract/category.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { useCategories } from '../../features/categories/api/get-categories.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useCreateCategory } from '../api/create-category.ts';
import { useDeleteCategory } from '../api/delete-category.ts';
import { useUpdateCategory } from '../api/update-category.ts';
import { CategoryForm } from '../components/category-form.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { Modal } from '../components/modal.tsx';
import '../../components/ui/buttons.css';
import '../../components/ui/table.css';
import '../../components/ui/admin-table.css';

/** Manage Category: add a category, and rename (in a modal) or delete (after a confirmation) each one. */
export default function ManageCategoryRoute() {
  usePageTitle('Dashboard - Create Category');
  const categories = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();

  const [name, setName] = useState('');
  // The edit modal: open while a category is selected, with its name copied into the field.
  const [selected, setSelected] = useState<Category | null>(null);
  const [updatedName, setUpdatedName] = useState('');
  const [updateError, setUpdateError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const add = () =>
    create.mutate(
      { name },
      {
        onSuccess: (data) => {
          notify.success(`${data.category.name} is created`);
          setName('');
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const openEdit = (category: Category) => {
    setSelected(category);
    setUpdatedName(category.name);
    setUpdateError(null);
  };
  const closeEdit = () => {
    setSelected(null);
    setUpdatedName('');
    setUpdateError(null);
  };
  const save = () => {
    if (!selected) return;
    update.mutate(
      { id: selected._id, name: updatedName },
      {
        onSuccess: (data) => {
          notify.success(`${data.category.name} is updated`);
          closeEdit();
        },
        onError: (error) => {
          const message = errorMessage(error);
          notify.error(message);
          setUpdateError(message);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notify.success('category is deleted');
        setDeleting(null);
        // The row (and its Delete button) is gone: continue from the list's heading.
        requestAnimationFrame(() => listHeading.current?.focus());
      },
      onError: (error) => {
        notify.error(errorMessage(error));
        setDeleting(null);
      },
    });
  };

  const list = categories.data ?? [];

  return (
    <>
      <section className="card panel" aria-labelledby="manage-category-heading">
        <h1 id="manage-category-heading">Manage Category</h1>
        <CategoryForm
          id="new-category"
          label="New category"
          value={name}
          onChange={setName}
          onSubmit={add}
          busy={create.isPending}
        />
      </section>

      <section className="card admin-list" aria-labelledby="category-list-heading">
        <div className="admin-list__header">
          <h2 id="category-list-heading" ref={listHeading} tabIndex={-1}>
            Categories
          </h2>
          {categories.data ? <p className="muted">{list.length === 1 ? '1 category' : `${list.length} categories`}</p> : null}
        </div>
        {categories.isPending ? (
          <Spinner label="Loading categories" />
        ) : categories.isError ? (
          <div className="empty-state" role="alert">
            <h3>Something went wrong in getting category</h3>
            <p>{errorMessage(categories.error, 'The categories could not be loaded.')}</p>
            <button type="button" className="btn" onClick={() => void categories.refetch()}>
              Try again
            </button>
          </div>
        ) : list.length === 0 ? (
          <div className="empty-state">
            <h3>No categories yet</h3>
            <p>Add the first one above; products are filed under categories.</p>
          </div>
        ) : (
          <div className="table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="admin-table__actions">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((category) => (
                  <tr key={category._id}>
                    <td className="admin-table__name">{category.name}</td>
                    <td className="admin-table__actions">
                      <div className="row-actions">
                        <button type="button" className="btn btn--secondary btn--sm" onClick={() => openEdit(category)}>
                          Edit<span className="visually-hidden"> {category.name}</span>
                        </button>
                        <button
                          type="button"
                          className="btn btn--danger-soft btn--sm"
                          onClick={() => setDeleting(category)}
                        >
                          Delete<span className="visually-hidden"> {category.name}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {selected ? (
        <Modal title="Edit category" onClose={closeEdit}>
          <CategoryForm
            id="edit-category"
            label="Category name"
            value={updatedName}
            onChange={(value) => {
              setUpdatedName(value);
              setUpdateError(null);
            }}
            error={updateError}
            onSubmit={save}
            busy={update.isPending}
            layout="stacked"
            autoFocus
            actions={
              <button type="button" className="btn btn--secondary" onClick={closeEdit}>
                Cancel
              </button>
            }
          />
        </Modal>
      ) : null}

      {deleting ? (
        <ConfirmDialog
          title="Delete this category?"
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>
            “{deleting.name}” will be removed from the shop. A category that still has products cannot be deleted.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
