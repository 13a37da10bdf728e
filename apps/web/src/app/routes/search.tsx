import { isInStock, type Product } from '@toolyard/shared';
import { PageTitle } from '@/components/ui/page-title';
import { useSession } from '@/features/auth/api/get-session';
import { LazyAddToCartButton } from '@/features/cart/components/lazy-add-to-cart-button';
import { ProductBrowse } from '@/features/catalog/components/product-browse';
import { ProductSearch } from '@/features/catalog/components/product-search';
import { useBrowseParams } from '@/features/catalog/utils/browse-params';

/** The catalog searched and filtered: `/search?q=&category=&minPrice=&maxPrice=&inStock=&sort=&page=`. */
export default function SearchPage() {
  const { query, update } = useBrowseParams();
  // A signed-in buyer adds a product's minimum order from its card; a visitor sees no cart.
  const signedIn = Boolean(useSession().data);
  const cardActions = signedIn
    ? (product: Product) => isInStock(product) && <LazyAddToCartButton product={product} />
    : undefined;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle
        title={query.q ? `Search: ${query.q}` : 'Search'}
        description="Search Toolyard's tools and parts by name, category, price and stock."
      />
      <h1 className="text-3xl font-bold">{query.q ? `Results for “${query.q}”` : 'Search'}</h1>
      <ProductBrowse
        cardActions={cardActions}
        searchBox={
          // Keyed by the search in the URL, so Back or a header search refills the box.
          <ProductSearch key={query.q} initial={query.q} onSearch={(q) => update({ q })} />
        }
      />
    </section>
  );
}
