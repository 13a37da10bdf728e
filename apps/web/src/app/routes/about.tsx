import { PageTitle } from '@/components/ui/page-title';

export default function AboutPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <PageTitle
        title="About"
        description="Who Toolyard is, and how we sell tools and parts to trade buyers."
      />
      <h1 className="text-3xl font-bold">About Toolyard</h1>
      <p className="mt-4">
        Toolyard makes and sells tools for builders and makers: framing hammers, cordless drills,
        saws and the consumable parts every site burns through. We sell in trade quantities, so
        every product has a minimum order that matches how crews actually buy.
      </p>
      <h2 className="mt-8 text-xl font-bold">How we work</h2>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        <li>Stock levels on the site are live: what you see is what we can ship.</li>
        <li>Prices are per unit and include volume pricing already; there are no hidden fees.</li>
        <li>Orders are paid by card and leave our warehouse once payment is confirmed.</li>
      </ul>
      <h2 id="terms" className="mt-8 scroll-mt-20 text-xl font-bold">
        Terms of sale
      </h2>
      <p className="mt-2">
        An order is accepted when its payment is confirmed. Quantities must be at least the
        product&apos;s minimum order and at most the stock available at the time of ordering.
      </p>
      <h2 id="privacy" className="mt-8 scroll-mt-20 text-xl font-bold">
        Privacy
      </h2>
      <p className="mt-2">
        We keep the name, email, phone and address you give us to deliver your orders, and nothing
        more. We never sell your data, and card details go to our payment processor, not to us.
      </p>
      <h2 id="returns" className="mt-8 scroll-mt-20 text-xl font-bold">
        Returns
      </h2>
      <p className="mt-2">
        Unused tools in their packaging can be returned within 30 days. Parts sold by the box can be
        returned as whole boxes.
      </p>
    </article>
  );
}
