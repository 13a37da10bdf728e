import { formatDollars, type Category, type Product } from '@toolyard/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { Pagination } from '@/components/ui/pagination';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { pageFromParams, setPageParam } from '@/lib/page-param';
import { toast } from '@/lib/toast';
import { useCategories } from '../api/get-categories';
import { useDeleteProduct } from '../api/delete-product';
import {
  productsPageQueryOptions,
  useProductsPage,
  type ProductFilters,
} from '../api/get-products-page';
import { CategoryOptions, categoryTrail, categoryTree } from './category-options';
import { ProductForm } from './product-form';

const quantity = (n: number) => n.toLocaleString('en-US');

type TableFilters = Pick<ProductFilters, 'q' | 'category'>;

/** The product to point out, and why: just added (moved to and focused) or just saved. */
interface Highlight {
  id: string;
  reason: 'added' | 'saved';
}

/**
 * The admin table's search, category (a slug) and page, kept in the URL so that a reload
 * shows the same products. A new search or category starts again at page 1.
 */
function useTableParams() {
  const [params, setParams] = useSearchParams();
  const view = {
    q: params.get('q')?.trim() ?? '',
    category: params.get('category') || undefined,
    page: pageFromParams(params),
  };
  const show = (next: Partial<TableFilters> & { page?: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of ['q', 'category'] as const) {
          if (!(key in next)) continue;
          const value = next[key];
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        setPageParam(updated, next.page ?? 1);
        return updated;
      },
      { replace: next.page === undefined },
    );
  return { view, show };
}

/**
 * The last page of a list and whether it holds `product`. Lists are in insertion order, so a
 * product just added is last among those a filter lets through, if it lets it through.
 */
async function lastPageHolding(queryClient: QueryClient, product: Product, filters: TableFilters) {
  const first = await queryClient.fetchQuery(productsPageQueryOptions({ ...filters, page: 1 }));
  const page = Math.max(1, Math.ceil(first.total / first.pageSize));
  const last =
    page === 1
      ? first
      : await queryClient.fetchQuery(productsPageQueryOptions({ ...filters, page }));
  return { page, holds: last.products.some((p) => p._id === product._id) };
}

/**
 * The admin products table's state: what it shows (from the URL) and the product it points
 * out. `showAdded` moves to a just-added product: the last page, without a search or
 * category that would hide it.
 */
export function useProductsTable() {
  const { view, show } = useTableParams();
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const queryClient = useQueryClient();

  // The lookup outlives a quick click elsewhere: it must not page another screen's list.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const showAdded = async (product: Product) => {
    const filters = { q: view.q, category: view.category };
    try {
      const here = await lastPageHolding(queryClient, product, filters);
      const hidden = !here.holds && Boolean(filters.q || filters.category);
      const page = hidden
        ? (await lastPageHolding(queryClient, product, { q: '' })).page
        : here.page;
      if (mounted.current) show(hidden ? { q: '', category: undefined, page } : { page });
    } catch {
      // The table shows its own load error; the product is marked if it is on the page shown.
    }
    if (mounted.current) setHighlight({ id: product._id, reason: 'added' });
  };

  /** Moving to another page or search is moving on: nothing is pointed out any more. */
  const change = (next: Parameters<typeof show>[0]) => {
    setHighlight(null);
    show(next);
  };

  return { view, highlight, setHighlight, showAdded, change };
}

export type ProductsTableState = ReturnType<typeof useProductsTable>;

/**
 * The admin's products: a search and a category filter, then a page of products, each with
 * Edit (a dialog with the product form) and Delete. A product just added or saved is tinted
 * and marked current; one just added is also scrolled to and focused.
 */
export function ProductsTable({ table }: { table: ProductsTableState }) {
  const { view, highlight, setHighlight, change } = table;
  const products = useProductsPage(view);
  const categories = useCategories();
  const listRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Product | null>(null);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const deleteProduct = useDeleteProduct({
    onSuccess: (_, product) => toast.success(`Deleted ${product.name}`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setToDelete(null),
  });

  const shown = products.data?.products;
  const addedShown = highlight?.reason === 'added' && shown?.some((p) => p._id === highlight.id);
  useEffect(() => {
    if (!addedShown) return;
    // The list is drawn twice (cards for phones, a table for wider screens): take the one on show.
    const marked = [...(listRef.current?.querySelectorAll<HTMLElement>('[aria-current]') ?? [])];
    const target = marked.find((el) => el.getClientRects().length > 0) ?? marked[0];
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [addedShown]);

  const categoryOf = (product: Product) =>
    categoryTrail(categories.data ?? [], product.categoryId) || 'None';

  const actions = (product: Product) => (
    <>
      <button type="button" className="btn btn-sm" onClick={() => setEditing(product)}>
        Edit<span className="sr-only"> {product.name}</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-error btn-outline"
        onClick={() => setToDelete(product)}
      >
        Delete<span className="sr-only"> {product.name}</span>
      </button>
    </>
  );

  const badge = (product: Product) =>
    highlight?.id === product._id && (
      <span className="badge badge-primary badge-sm">
        {highlight.reason === 'added' ? 'Just added' : 'Just saved'}
      </span>
    );

  const filtered = Boolean(view.q || view.category);
  const categoryName = categories.data?.find((c) => c.slug === view.category)?.name;
  // An edit can take a product out of the search or category shown: say so, rather than let
  // it vanish from the table without a trace.
  const savedHidden =
    highlight?.reason === 'saved' &&
    filtered &&
    !products.isFetching &&
    shown !== undefined &&
    !shown.some((p) => p._id === highlight.id);

  return (
    <>
      <TableFilter view={view} categories={categories.data ?? []} onChange={change} />
      {savedHidden && (
        <div role="status" className="alert alert-info alert-soft mb-3">
          <span>Saved. The product no longer matches this search or category.</span>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => change({ q: '', category: undefined })}
          >
            Show all products
          </button>
        </div>
      )}
      {products.isPending ? (
        <Spinner label="Loading products" />
      ) : products.isError ? (
        <ErrorState
          message={errorMessage(products.error)}
          onRetry={() => void products.refetch()}
        />
      ) : products.data.products.length === 0 ? (
        <EmptyState
          title={
            view.q
              ? `No products match “${view.q}”${categoryName ? ` in ${categoryName}` : ''}`
              : view.category
                ? `No products in ${categoryName ?? 'this category'}`
                : view.page > 1
                  ? 'No products on this page'
                  : 'No products yet'
          }
        >
          {(filtered || view.page > 1) && (
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => change({ q: '', category: undefined })}
            >
              Show all products
            </button>
          )}
        </EmptyState>
      ) : (
        <div ref={listRef} className={products.isPlaceholderData ? 'opacity-60' : undefined}>
          <ResponsiveList
            items={products.data.products}
            itemKey={(product) => product._id}
            cardLayout="row"
            breakpoint="lg"
            isCurrent={(product) => product._id === highlight?.id}
            columns={
              <>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">Category</th>
                <th scope="col" className="text-right">
                  Price
                </th>
                <th scope="col" className="text-right">
                  Available
                </th>
                <th scope="col" className="text-right">
                  Minimum order
                </th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </>
            }
            card={(product) => (
              <>
                <Thumbnail product={product} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">
                    {product.name} {badge(product)}
                  </p>
                  <p className="text-sm">
                    SKU <span className="font-mono">{product.sku}</span> · {categoryOf(product)}
                  </p>
                  <p className="text-sm">{formatDollars(product.price)} / unit</p>
                  <p className="text-sm text-base-content/80">
                    {quantity(product.AvailableQuantity)} available · minimum{' '}
                    {quantity(product.MinOrderQuantity)}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">{actions(product)}</div>
                </div>
              </>
            )}
            row={(product) => (
              <>
                <td>
                  <div className="flex items-center gap-3">
                    <Thumbnail product={product} />
                    <span className="font-medium">{product.name}</span>
                    {badge(product)}
                  </div>
                </td>
                <td className="font-mono text-sm whitespace-nowrap">{product.sku}</td>
                <td className="text-sm">{categoryOf(product)}</td>
                <td className="text-right whitespace-nowrap">{formatDollars(product.price)}</td>
                <td className="text-right">{quantity(product.AvailableQuantity)}</td>
                <td className="text-right">{quantity(product.MinOrderQuantity)}</td>
                <td>
                  <div className="flex justify-end gap-2">{actions(product)}</div>
                </td>
              </>
            )}
          />
          <Pagination
            label="Product pages"
            page={products.data.page}
            pageCount={Math.max(1, Math.ceil(products.data.total / products.data.pageSize))}
            onPageChange={(page) => change({ page })}
          />
        </div>
      )}
      <Modal
        open={editing !== null}
        title={`Edit ${editing?.name ?? 'product'}`}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <ProductForm
            key={editing._id}
            product={editing}
            onDone={(saved) => {
              setEditing(null);
              // Focus goes back to the row's Edit button with the dialog; the row is marked.
              setHighlight({ id: saved._id, reason: 'saved' });
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this product?"
        confirmLabel="Delete"
        busy={deleteProduct.isPending}
        onConfirm={() => toDelete && deleteProduct.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        <p>
          <strong>{toDelete?.name}</strong> leaves the catalog. Orders already placed for it keep
          their item and price, and carts that hold it say it is no longer sold.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** Search (on submit) and category (at once) for the admin table. */
function TableFilter({
  view,
  categories,
  onChange,
}: {
  view: TableFilters;
  categories: readonly Category[];
  onChange: (filters: TableFilters) => void;
}) {
  const [q, setQ] = useState(view.q);
  // A search changed from elsewhere (cleared to show a new product) replaces what was typed.
  const [searched, setSearched] = useState(view.q);
  if (searched !== view.q) {
    setSearched(view.q);
    setQ(view.q);
  }
  const searchId = useId();
  const categoryId = useId();
  return (
    <search className="my-4">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ q: q.trim(), category: view.category });
        }}
      >
        <div className="min-w-48 flex-1 sm:max-w-sm">
          <label htmlFor={searchId} className="mb-1 block text-sm font-semibold">
            Search products
          </label>
          <input
            id={searchId}
            type="search"
            className="input w-full"
            placeholder="Name or description"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <div className="min-w-48 flex-1 sm:max-w-xs">
          <label htmlFor={categoryId} className="mb-1 block text-sm font-semibold">
            Filter by category
          </label>
          <select
            id={categoryId}
            className="select w-full"
            value={view.category ?? ''}
            onChange={(event) =>
              onChange({ q: q.trim(), category: event.target.value || undefined })
            }
          >
            <option value="">All categories</option>
            <CategoryOptions nodes={categoryTree(categories)} value={(c) => c.slug} />
          </select>
        </div>
        <button type="submit" className="btn">
          Search
        </button>
      </form>
    </search>
  );
}

function Thumbnail({ product }: { product: Product }) {
  return (
    <img
      src={product.img}
      alt=""
      width={48}
      height={36}
      loading="lazy"
      className="h-9 w-12 shrink-0 rounded bg-base-200 object-cover"
    />
  );
}
