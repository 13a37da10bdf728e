import { PageTitle } from '@/components/ui/page-title';

const projects = [
  {
    title: 'Riverside timber-frame homes',
    summary:
      'Twelve timber-frame houses framed with Toolyard hammers, saws and fasteners, supplied in weekly batches to match the build schedule.',
  },
  {
    title: 'Community makerspace fit-out',
    summary:
      'A shared workshop equipped with drills, drivers and a parts wall, so members always find the right bit and screw.',
  },
  {
    title: 'School workshop refresh',
    summary:
      'Hand tools sized for students and a restocking plan for consumables, ordered at the minimum quantities each term.',
  },
];

export default function MyPortfolioPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <PageTitle title="My Portfolio" description="Projects built with Toolyard tools and parts." />
      <h1 className="text-3xl font-bold">Built with Toolyard</h1>
      <p className="mt-4 max-w-2xl">Projects our tools and parts helped build.</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {projects.map((p) => (
          <li key={p.title} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body">
              <h2 className="card-title">{p.title}</h2>
              <p>{p.summary}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
