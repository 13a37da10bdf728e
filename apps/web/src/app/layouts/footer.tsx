import { Link } from 'wouter';

const columns = [
  {
    title: 'Services',
    links: [
      { to: '/allItems', label: 'Order tools and parts' },
      { to: '/blogs', label: 'Ordering questions' },
      { to: '/dashboard/myOrders', label: 'Track my orders' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About Toolyard' },
      { to: '/myPortfolio', label: 'Our projects' },
      { to: '/blogs', label: 'Blogs' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/about#terms', label: 'Terms of sale' },
      { to: '/about#privacy', label: 'Privacy' },
      { to: '/about#returns', label: 'Returns' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">Toolyard</p>
          <p className="mt-2 text-sm">Tools for builders and makers, sold in trade quantities.</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            <ul className="space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link className="link link-hover" to={link.to}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-white/10 py-4 text-center text-sm">
        Copyright © 2022–{new Date().getFullYear()} Toolyard. All rights reserved.
      </p>
    </footer>
  );
}
