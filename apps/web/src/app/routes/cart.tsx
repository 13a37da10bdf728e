import { PAGE_PATHS } from '@toolyard/shared';
import { useLocation } from 'wouter';
import { PageTitle } from '@/components/ui/page-title';
import { useSession } from '@/features/auth/api/get-session';
import { CartView } from '@/features/cart/components/cart-view';

/** `/cart`: the signed-in buyer's cart and its checkout; a placed order goes on to payment. */
export default function CartPage() {
  const [, navigate] = useLocation();
  // RequireAuth has read the session before this page renders.
  const buyer = useSession().data?.user;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <PageTitle title="Cart" description="The tools and parts in your cart, and checkout." />
      <h1 className="text-3xl font-bold">Your cart</h1>
      {buyer && (
        <CartView
          buyer={buyer}
          browseHref={PAGE_PATHS.allItems}
          onOrdered={(order) =>
            navigate(PAGE_PATHS.payment.replace(':id', encodeURIComponent(order._id)))
          }
        />
      )}
    </section>
  );
}
