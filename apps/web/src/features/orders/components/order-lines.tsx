import { formatDollars, type OrderLine } from '@toolyard/shared';
import { Link } from 'wouter';
import { productPagePath } from '../utils/order-links';

/** An order's lines as sold (name, SKU, unit price, quantity, line total) and its total. */
export function OrderLines({ lines, total }: { lines: OrderLine[]; total: number }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <caption className="sr-only">Items in this order</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
            <th scope="col" className="text-right">
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
              </td>
              <td className="font-mono text-sm">{line.sku}</td>
              <td className="text-right whitespace-nowrap">{formatDollars(line.unitPrice)}</td>
              <td className="text-right">{line.quantity.toLocaleString('en-US')}</td>
              <td className="text-right whitespace-nowrap">{formatDollars(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4} className="text-right">
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
