import { PAGE_PATHS, type Category } from '@toolyard/shared';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteCategory } from '../api/delete-category';
import { CategoryForm } from './category-form';

const categoryHref = (category: Category) =>
  PAGE_PATHS.category.replace(':slug', encodeURIComponent(category.slug));

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why a category cannot be deleted yet, or null when it is empty. */
function whyNotEmpty(products: number, children: number): string | null {
  const held = [
    products > 0 && counted(products, 'product', 'products'),
    children > 0 && counted(children, 'sub-category', 'sub-categories'),
  ].filter(Boolean);
  return held.length ? `It holds ${held.join(' and ')}, so it cannot be deleted.` : null;
}

/**
 * The category tree as nested lists, each category with its public page, how many products
 * are filed directly in it, Edit (a dialog) and Delete (asked first; only when empty).
 */
export function CategoryTree({ categories }: { categories: readonly Category[] }) {
  const [editing, setEditing] = useState<Category | null>(null);
  const [toDelete, setToDelete] = useState<Category | null>(null);
  const remove = useDeleteCategory({
    onSuccess: (_, category) => toast.success(`Deleted ${category.name}`),
    // A refusal (409: it is not empty after all) says why; the tree is read again.
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setToDelete(null),
  });

  const childrenOf = (parentId: string | null) =>
    categories.filter((c) => c.parentId === parentId).sort((a, b) => a.name.localeCompare(b.name));

  const branch = (parentId: string | null, depth: number) => {
    const children = childrenOf(parentId);
    if (children.length === 0) return null;
    return (
      <ul
        className={
          depth === 0 ? 'space-y-2' : 'mt-2 space-y-2 border-l border-base-300 pl-4 sm:pl-6'
        }
      >
        {children.map((category) => (
          <li key={category._id}>
            <CategoryRow
              category={category}
              subCategories={childrenOf(category._id).length}
              onEdit={() => setEditing(category)}
              onDelete={() => setToDelete(category)}
            />
            {branch(category._id, depth + 1)}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      {branch(null, 0)}
      <Modal
        open={editing !== null}
        title={`Edit ${editing?.name ?? 'category'}`}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <CategoryForm
            key={editing._id}
            category={editing}
            categories={categories}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this category?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        <p>
          <strong>{toDelete?.name}</strong> is empty; its page{' '}
          <span className="font-mono">{toDelete && categoryHref(toDelete)}</span> goes with it.
        </p>
      </ConfirmDialog>
    </>
  );
}

function CategoryRow({
  category,
  subCategories,
  onEdit,
  onDelete,
}: {
  category: Category;
  subCategories: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const reasonId = useId();
  const notEmpty = whyNotEmpty(category.products, subCategories);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-box border border-base-300 bg-base-100 p-3">
      <div className="min-w-0 flex-1">
        <Link to={categoryHref(category)} className="link font-semibold break-words">
          {category.name}
        </Link>
        <p className="text-sm text-base-content/80">
          <span className="font-mono">{categoryHref(category)}</span> ·{' '}
          {counted(category.products, 'product', 'products')}
        </p>
        {notEmpty && (
          <p id={reasonId} className="text-xs text-base-content/70">
            {notEmpty}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn btn-sm" onClick={onEdit}>
          Edit<span className="sr-only"> {category.name}</span>
        </button>
        <button
          type="button"
          className="btn btn-sm btn-error btn-outline"
          disabled={notEmpty !== null}
          aria-describedby={notEmpty ? reasonId : undefined}
          onClick={onDelete}
        >
          Delete<span className="sr-only"> {category.name}</span>
        </button>
      </div>
    </div>
  );
}
