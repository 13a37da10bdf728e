import { CountedHeading } from '@/components/ui/counted-heading';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCategories } from '@/features/catalog/api/get-categories';
import { CategoryForm } from '@/features/catalog/components/category-form';
import { CategoryTree } from '@/features/catalog/components/category-tree';

/** Admins keep the catalog's category tree: add, rename, re-address, move, delete when empty. */
export default function CategoriesPage() {
  const categories = useCategories();

  return (
    <section className="py-2">
      <PageTitle title="Categories" />
      <CountedHeading
        title="Categories"
        count={
          categories.data &&
          `${categories.data.length} ${categories.data.length === 1 ? 'category' : 'categories'}`
        }
      />
      {categories.isPending ? (
        <Spinner label="Loading categories" />
      ) : categories.isError ? (
        <ErrorState
          message={errorMessage(categories.error)}
          onRetry={() => void categories.refetch()}
        />
      ) : (
        <>
          <div className="card max-w-3xl border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body">
              <h2 className="card-title">New category</h2>
              <CategoryForm categories={categories.data} />
            </div>
          </div>
          <h2 className="mt-10 mb-4 text-2xl font-bold">Category tree</h2>
          {categories.data.length === 0 ? (
            <EmptyState title="No categories yet">
              Add one above; products can then be filed in it.
            </EmptyState>
          ) : (
            <CategoryTree categories={categories.data} />
          )}
        </>
      )}
    </section>
  );
}
