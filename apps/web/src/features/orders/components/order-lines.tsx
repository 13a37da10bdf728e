import { formatDollars, type OrderLine } from '@toolyard/shared';
import { Link } from 'wouter';
import { productPagePath } from '../utils/order-links';

/** An order's lines as sold (name, SKU, unit price, quantity, line total) and its total. */
export function OrderLines({ lines, total }: { lines: OrderLine[]; total: number }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <caption className="sr-only">Items in this order</caption>
        <thead className="text-base-content/80">
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="hidden sm:table-cell">
              SKU
            </th>
            <th scope="col" className="hidden text-right sm:table-cell">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Quantity
            </th>
            <th scope="col" className="text-right">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.itemId}>
              <td className="font-medium">
                <Link to={productPagePath(line.itemId)} className="link-hover">
                  {line.name}
                </Link>
                {/* On a phone the SKU and unit price go under the name: five columns do not fit. */}
                <span className="block text-sm font-normal text-base-content/70 sm:hidden">
                  <span className="font-mono">{line.sku}</span> · {formatDollars(line.unitPrice)}{' '}
                  each
                </span>
              </td>
              <td className="hidden font-mono text-sm sm:table-cell">{line.sku}</td>
              <td className="hidden text-right whitespace-nowrap sm:table-cell">
                {formatDollars(line.unitPrice)}
              </td>
              <td className="text-right">{line.quantity.toLocaleString('en-US')}</td>
              <td className="text-right whitespace-nowrap">{formatDollars(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="text-base-content/80">
          <tr>
            <th scope="row" colSpan={4} className="hidden text-right sm:table-cell">
              Total
            </th>
            <th scope="row" colSpan={2} className="text-right sm:hidden">
              Total
            </th>
            <td className="text-right text-base font-bold whitespace-nowrap text-primary">
              {formatDollars(total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
