import { categoryPath, type Category } from '@toolyard/shared';

export interface CategoryNode {
  category: Category;
  /** 0 for a top-level category, 1 below it, and so on. */
  depth: number;
}

/** The categories in tree order: each parent, then its children, siblings by name. */
export function categoryTree(categories: readonly Category[]): CategoryNode[] {
  const children = new Map<string | null, Category[]>();
  for (const category of categories) {
    const siblings = children.get(category.parentId) ?? [];
    siblings.push(category);
    children.set(category.parentId, siblings);
  }
  const nodes: CategoryNode[] = [];
  const visit = (parentId: string | null, depth: number) => {
    const siblings = [...(children.get(parentId) ?? [])].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const category of siblings) {
      nodes.push({ category, depth });
      visit(category._id, depth + 1);
    }
  };
  visit(null, 0);
  return nodes;
}

/** A category's place in the tree as text: "Power tools › Drills". */
export const categoryTrail = (categories: readonly Category[], id: string | null) =>
  categoryPath(categories, id)
    .map((c) => c.name)
    .join(' › ');

/** Option text indented by depth, since a select cannot nest options deeper than one group. */
const indented = ({ category, depth }: CategoryNode) =>
  `${'\u00a0\u00a0\u00a0'.repeat(depth)}${category.name}`;

/** One <option> per category, in tree order and indented; the value is the category's id. */
export function CategoryOptions({
  nodes,
  value = (category) => category._id,
}: {
  nodes: readonly CategoryNode[];
  /** What an option's value is: the id (the default) or, for a URL filter, the slug. */
  value?: (category: Category) => string;
}) {
  return nodes.map((node) => (
    <option key={node.category._id} value={value(node.category)}>
      {indented(node)}
    </option>
  ));
}
