import type { ReactNode } from 'react';

// Whole class names, so Tailwind sees them.
const breakpoints = {
  md: {
    cards: 'space-y-3 md:hidden',
    table: 'hidden overflow-x-auto rounded-box border border-base-300 md:block',
  },
  lg: {
    cards: 'space-y-3 lg:hidden',
    table: 'hidden overflow-x-auto rounded-box border border-base-300 lg:block',
  },
} as const;

const cardBodies = { stack: 'card-body gap-1 p-4', row: 'card-body flex-row gap-3 p-4' } as const;

/**
 * A list that is one card per item on phones and a table on wider screens: the dashboard's
 * products, orders and users all read this way.
 */
export function ResponsiveList<T>({
  items,
  itemKey,
  columns,
  card,
  row,
  breakpoint = 'md',
  cardLayout = 'stack',
  isCurrent,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** The table's header cells. */
  columns: ReactNode;
  /** What a phone card shows. */
  card: (item: T) => ReactNode;
  /** A table row's cells. */
  row: (item: T) => ReactNode;
  /** Where the table takes over from the cards; `lg` for wide tables. */
  breakpoint?: keyof typeof breakpoints;
  cardLayout?: keyof typeof cardBodies;
  /**
   * The item to point out (one just saved): marked `aria-current`, tinted, and focusable
   * from code (`tabIndex -1`) so a page can move to it.
   */
  isCurrent?: (item: T) => boolean;
}) {
  const current = (item: T) =>
    isCurrent?.(item) ? ({ 'aria-current': true, tabIndex: -1 } as const) : {};
  const tint = (item: T) => (isCurrent?.(item) ? 'bg-primary/10' : '');
  return (
    <>
      <ul className={breakpoints[breakpoint].cards}>
        {items.map((item) => (
          <li
            key={itemKey(item)}
            className={`card border border-base-300 shadow-sm ${tint(item) || 'bg-base-100'}`}
            {...current(item)}
          >
            <div className={cardBodies[cardLayout]}>{card(item)}</div>
          </li>
        ))}
      </ul>
      <div className={breakpoints[breakpoint].table}>
        <table className="table">
          <thead className="text-base-content/80">
            <tr>{columns}</tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={itemKey(item)} className={tint(item) || undefined} {...current(item)}>
                {row(item)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
