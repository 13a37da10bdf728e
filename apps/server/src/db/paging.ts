/**
 * One page of a list and the number of rows in the whole list, read at once. `list` is the
 * list's query, ordered so that pages never overlap; `counted` counts the same rows. Pages are
 * numbered from 1.
 */
export async function readPage<Row>(
  list: { limit(count: number): { offset(skip: number): PromiseLike<Row[]> } },
  counted: PromiseLike<{ n: number }[]>,
  page: number,
  pageSize: number,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    list.limit(pageSize).offset((page - 1) * pageSize),
    counted,
  ]);
  return { rows, total: totals?.n ?? 0 };
}
