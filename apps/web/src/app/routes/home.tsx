import { FEATURED_PRODUCT_COUNT, isInStock, UPCOMING_PRODUCTS } from '@toolyard/shared';
import { Suspense } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { WhenNearView } from '@/components/ui/when-near-view';
import { errorMessage } from '@/lib/api-client';
import { lazyNamed } from '@/lib/lazy-named';
import { useSession } from '@/features/auth/api/get-session';
import { HOME_PRODUCTS_QUERY, useProductsPage } from '@/features/catalog/api/get-products-page';
import { ProductCard } from '@/features/catalog/components/product-card';
import { productHref } from '@/features/catalog/utils/catalog-links';

// The form (react-hook-form, its resolver) is far below the fold: not in the first download.
const ContactForm = lazyNamed(
  () => import('@/features/contact/components/contact-form'),
  'ContactForm',
);
// Only a signed-in buyer's cards offer the cart: a visitor's first visit downloads none of it.
const AddToCartButton = lazyNamed(
  () => import('@/features/cart/components/add-to-cart-button'),
  'AddToCartButton',
);
// Below the products too: its code comes as it nears the screen (its data is asked for at once).
const ReviewsList = lazyNamed(
  () => import('@/features/reviews/components/reviews-list'),
  'ReviewsList',
);

export default function HomePage() {
  return (
    <>
      <PageTitle
        title="Tools for builders and makers"
        description="Hand tools, power tools and parts for builders and makers, sold in trade quantities."
      />
      <Hero />
      <ProductsSections />
      <ReviewsSection />
      <BusinessOverview />
      <ContactSection />
    </>
  );
}

function Hero() {
  return (
    <section className="bg-gradient-to-br from-neutral to-slate-700 text-neutral-content">
      <div className="mx-auto max-w-7xl px-4 py-20 lg:py-28">
        <p className="font-semibold tracking-widest text-amber-300 uppercase">Toolyard</p>
        <h1 className="mt-3 max-w-2xl text-4xl font-extrabold sm:text-5xl">
          Tools for builders and makers
        </h1>
        <p className="mt-4 max-w-xl text-lg">
          Hammers, drills, saws and the parts that keep them working, shipped in the quantities a
          crew actually uses.
        </p>
        <Link to="/allItems" className="btn btn-primary btn-lg mt-8">
          Get Started
        </Link>
      </div>
    </section>
  );
}

function ProductsSections() {
  const products = useProductsPage(HOME_PRODUCTS_QUERY);
  const signedIn = Boolean(useSession().data);
  const from = UPCOMING_PRODUCTS.from - 1;
  return (
    <>
      <section aria-labelledby="tools-heading" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="tools-heading" className="text-3xl font-bold">
          Our tools
        </h2>
        <p className="mt-2 text-base-content/80">Featured tools our customers order most.</p>
        {products.isPending ? (
          <Spinner label="Loading tools" />
        ) : products.isError ? (
          <ErrorState
            message={errorMessage(products.error)}
            onRetry={() => void products.refetch()}
          />
        ) : products.data.products.length === 0 ? (
          <EmptyState title="No tools in the catalog yet">Check back soon.</EmptyState>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {products.data.products.slice(0, FEATURED_PRODUCT_COUNT).map((product, i) => (
              <li key={product._id}>
                <ProductCard product={product} eager={i < 3} priority={i === 0}>
                  {isInStock(product) && (
                    <Link to={productHref(product._id)} className="btn btn-primary btn-block">
                      Order now<span className="sr-only">: {product.name}</span>
                    </Link>
                  )}
                  {signedIn && isInStock(product) && (
                    <Suspense fallback={null}>
                      <AddToCartButton product={product} />
                    </Suspense>
                  )}
                </ProductCard>
              </li>
            ))}
          </ul>
        )}
      </section>
      {products.data && products.data.products.length > from && (
        <section aria-labelledby="upcoming-heading" className="bg-base-200">
          <div className="mx-auto max-w-7xl px-4 py-14">
            <h2 id="upcoming-heading" className="text-3xl font-bold">
              Upcoming products
            </h2>
            <p className="mt-2 text-base-content/80">
              Already in the shop: Pre-Order opens a product&apos;s page, where you can order it
              whenever it is in stock.
            </p>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {products.data.products.slice(from, UPCOMING_PRODUCTS.to).map((product) => (
                <li key={product._id}>
                  <ProductCard product={product}>
                    <Link to={productHref(product._id)} className="btn btn-outline btn-block">
                      Pre-Order<span className="sr-only">: {product.name}</span>
                    </Link>
                  </ProductCard>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}

function ReviewsSection() {
  const isAdmin = useSession().data?.user.role === 'admin';
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mx-auto max-w-7xl px-4 py-14"
    >
      <h2 id="reviews-heading" className="text-center text-3xl font-bold">
        REVIEWED BY OUR CUSTOMERS
      </h2>
      <WhenNearView placeholder={<div className="min-h-96" />}>
        <Suspense fallback={<div className="min-h-96" />}>
          <ReviewsList canHide={isAdmin} />
        </Suspense>
      </WhenNearView>
    </section>
  );
}

const figures = [
  { title: 'Customers', value: '31K', desc: 'from 150 countries' },
  { title: 'New Customer This Year', value: '4,200', desc: 'and counting' },
  { title: 'Upcoming Products', value: '120', desc: 'in development' },
  { title: 'Annual Profit', value: '$89,400', desc: 'reinvested in tools' },
];

function BusinessOverview() {
  return (
    <section aria-labelledby="overview-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="overview-heading" className="text-center text-3xl font-bold">
          Our business at a glance
        </h2>
        <dl className="stats stats-vertical mt-8 w-full bg-base-100 shadow lg:stats-horizontal">
          {figures.map((f) => (
            <div key={f.title} className="stat">
              <dt className="stat-title text-base-content/80">{f.title}</dt>
              <dd className="stat-value text-primary">{f.value}</dd>
              <dd className="stat-desc text-base-content/80">{f.desc}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-4 rounded-box bg-base-100 p-6 shadow">
          <p className="text-lg">
            Yearly Target <strong className="text-primary">$100,400</strong>
          </p>
          <Link to="/signup" className="btn btn-primary">
            Join Us
          </Link>
        </div>
      </div>
    </section>
  );
}

function ContactSection() {
  const session = useSession();
  return (
    <section
      id="contact"
      aria-labelledby="contact-heading"
      className="mx-auto max-w-3xl px-4 py-14 text-center"
    >
      <h2 id="contact-heading" className="text-3xl font-bold">
        Contact us
      </h2>
      <p className="mt-4">
        Questions about an order, a quote for a large project, or a tool you cannot find? Send us a
        message and we will reply by email.
      </p>
      <WhenNearView placeholder={<div className="min-h-96" />}>
        <Suspense fallback={<div className="min-h-96" />}>
          <ContactForm defaultEmail={session.data?.user.email} />
        </Suspense>
      </WhenNearView>
    </section>
  );
}
