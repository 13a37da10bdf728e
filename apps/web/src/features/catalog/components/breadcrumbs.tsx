import { Link } from 'wouter';

export interface Crumb {
  label: string;
  /** Left out for the page itself, the trail's last crumb. */
  to?: string;
}

/** Home, then each crumb; the last is the current page. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        {trail.map((crumb, i) => (
          <li key={`${i}-${crumb.label}`}>
            {crumb.to ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
