import { PageTitle } from '@/components/ui/page-title';
import { ProductBrowse } from '@/features/catalog/components/product-browse';
import { ProductSearch } from '@/features/catalog/components/product-search';
import { useBrowseParams } from '@/features/catalog/utils/browse-params';

/** The catalog searched and filtered: `/search?q=&category=&minPrice=&maxPrice=&inStock=&sort=&page=`. */
export default function SearchPage() {
  const { query, update } = useBrowseParams();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle
        title={query.q ? `Search: ${query.q}` : 'Search'}
        description="Search Toolyard's tools and parts by name, category, price and stock."
      />
      <h1 className="text-3xl font-bold">{query.q ? `Results for “${query.q}”` : 'Search'}</h1>
      <ProductBrowse
        searchBox={
          // Keyed by the search in the URL, so Back or a header search refills the box.
          <ProductSearch key={query.q} initial={query.q} onSearch={(q) => update({ q })} />
        }
      />
    </section>
  );
}
