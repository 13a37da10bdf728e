import { PageTitle } from '@/components/ui/page-title';

const questions = [
  {
    q: 'Why do products have a minimum order quantity?',
    a: 'We sell to crews and workshops, and pack and price by the case. The minimum is the smallest quantity we can ship at the listed unit price, so small orders do not pay for extra handling.',
  },
  {
    q: 'How do I pay for an order?',
    a: 'Place the order, then pay it by card from My Orders in your dashboard. The order counts as paid only once the card payment is confirmed; until then you can still cancel it.',
  },
  {
    q: 'When does my order ship?',
    a: 'Paid orders leave the warehouse within two working days. Manage Orders shows our team every paid order, and its status changes to shipped when it leaves.',
  },
  {
    q: 'Cordless or corded: which drill should a crew buy?',
    a: 'Cordless drills win on a site without power at every corner and for overhead work. Corded tools still suit long, heavy drilling in a workshop. Most crews keep one of each, and standardise on one battery platform.',
  },
  {
    q: 'How do I choose a saw blade?',
    a: 'Fewer teeth cut faster and rougher, for framing; more teeth cut slower and cleaner, for finish work and plywood. Match the blade diameter and arbor to your saw.',
  },
  {
    q: 'Can I see what other trade buyers think?',
    a: 'Yes: the home page shows reviews from our customers, and once you have ordered you can add your own from the dashboard.',
  },
];

export default function BlogsPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <PageTitle
        title="Blogs"
        description="Answers to the questions trade buyers ask us about ordering, paying, shipping and choosing tools."
      />
      <h1 className="text-3xl font-bold">Questions buyers ask us</h1>
      <div className="mt-8 space-y-4">
        {questions.map(({ q, a }) => (
          <details key={q} className="collapse-arrow collapse border border-base-300 bg-base-100">
            <summary className="collapse-title font-semibold">{q}</summary>
            <div className="collapse-content">
              <p>{a}</p>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
