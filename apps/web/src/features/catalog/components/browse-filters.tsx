import type { Category, ProductFacets, ProductSort } from '@toolyard/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { browseToParams, type BrowseQuery } from '../utils/browse-params';
import { childrenOf } from '../utils/category-tree';

const sortLabels: Record<ProductSort, string> = {
  relevance: 'Relevance',
  price: 'Price low to high',
  '-price': 'Price high to low',
  name: 'Name',
};

/**
 * A browse's filters: categories with their counts (unless the page fixes one), in stock only,
 * a price range (applied on submit or when a box is left) and the sort. Every choice goes to
 * the URL through `onChange`.
 */
export function BrowseFilters({
  query,
  facets,
  categories,
  fixedCategory,
  onChange,
}: {
  query: BrowseQuery;
  facets: ProductFacets | undefined;
  categories: readonly Category[];
  fixedCategory?: string;
  onChange: (changes: Partial<BrowseQuery>) => void;
}) {
  const ids = useId();
  return (
    <div className="space-y-5">
      {!fixedCategory && <CategoryFacet query={query} facets={facets} categories={categories} />}
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={Boolean(query.inStock)}
          onChange={(event) => onChange({ inStock: event.target.checked || undefined })}
        />
        <span>
          In stock only
          {facets && <span className="text-base-content/70"> ({facets.inStock})</span>}
        </span>
      </label>
      <PriceRange query={query} range={facets?.price ?? null} onChange={onChange} />
      <div>
        <label htmlFor={`${ids}-sort`} className="mb-1 block text-sm font-semibold">
          Sort by
        </label>
        <select
          id={`${ids}-sort`}
          className="select select-sm w-full"
          value={query.sort ?? 'relevance'}
          onChange={(event) => onChange({ sort: event.target.value as ProductSort })}
        >
          {Object.entries(sortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The category tree, only branches with matches, each a link that keeps the other filters. */
function CategoryFacet({
  query,
  facets,
  categories,
}: {
  query: BrowseQuery;
  facets: ProductFacets | undefined;
  categories: readonly Category[];
}) {
  const [pathname] = useLocation();
  const counts = new Map(facets?.categories.map((c) => [c._id, c.count]));
  const href = (category?: string) =>
    `${pathname}?${browseToParams({ ...query, category, page: 1 })}`;

  const branch = (parentId: string | null) => {
    const shown = childrenOf(categories, parentId).filter((c) => counts.has(c._id));
    if (shown.length === 0) return null;
    return (
      <ul className={parentId ? 'ml-4 space-y-1 pt-1' : 'space-y-1'}>
        {shown.map((c) => (
          <li key={c._id}>
            <FacetLink to={href(c.slug)} current={query.category === c.slug}>
              {c.name} <span className="text-base-content/70">({counts.get(c._id)})</span>
            </FacetLink>
            {branch(c._id)}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <nav aria-label="Categories">
      <p className="mb-1 text-sm font-semibold">Category</p>
      <ul className="space-y-1">
        <li>
          <FacetLink to={href(undefined)} current={!query.category}>
            All categories
            {facets && <span className="text-base-content/70"> ({facets.total})</span>}
          </FacetLink>
        </li>
      </ul>
      {branch(null)}
    </nav>
  );
}

function FacetLink({
  to,
  current,
  children,
}: {
  to: string;
  current: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-current={current ? 'true' : undefined}
      className={`link-hover ${current ? 'font-semibold text-primary' : ''}`}
    >
      {children}
    </Link>
  );
}

/** Dollars from a box: empty is no bound; anything not a number ≥ 0 too. */
const bound = (text: string) => {
  const n = Number(text);
  return text.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : n;
};

function PriceRange({
  query,
  range,
  onChange,
}: {
  query: BrowseQuery;
  range: ProductFacets['price'];
  onChange: (changes: Partial<BrowseQuery>) => void;
}) {
  const ids = useId();
  const fromUrl = [query.minPrice?.toString() ?? '', query.maxPrice?.toString() ?? ''] as const;
  const [min, setMin] = useState(fromUrl[0]);
  const [max, setMax] = useState(fromUrl[1]);
  // A link or Back that changes the URL's bounds refills the boxes (without remounting them,
  // which would drop the focus on its way from one box to the other).
  const [shown, setShown] = useState(fromUrl.join('-'));
  if (shown !== fromUrl.join('-')) {
    setShown(fromUrl.join('-'));
    setMin(fromUrl[0]);
    setMax(fromUrl[1]);
  }

  const apply = () => {
    const minPrice = bound(min);
    const maxPrice = bound(max);
    if (minPrice !== query.minPrice || maxPrice !== query.maxPrice) {
      onChange({ minPrice, maxPrice });
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };

  return (
    <form onSubmit={onSubmit} aria-labelledby={`${ids}-legend`}>
      <p id={`${ids}-legend`} className="mb-1 text-sm font-semibold">
        Price (USD)
      </p>
      <div className="flex items-end gap-2">
        <PriceBound
          id={`${ids}-min`}
          label="Min price"
          value={min}
          placeholder={range ? String(Math.floor(range.min)) : undefined}
          onChange={setMin}
          onBlur={apply}
        />
        <PriceBound
          id={`${ids}-max`}
          label="Max price"
          value={max}
          placeholder={range ? String(Math.ceil(range.max)) : undefined}
          onChange={setMax}
          onBlur={apply}
        />
        <button type="submit" className="btn btn-sm">
          Apply
        </button>
      </div>
    </form>
  );
}

/** One end of the price range: a labelled number box that applies when it loses the focus. */
function PriceBound({
  id,
  label,
  value,
  placeholder,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  placeholder: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <div className="flex-1">
      <label htmlFor={id} className="block text-xs">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        className="input input-sm w-full"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </div>
  );
}
