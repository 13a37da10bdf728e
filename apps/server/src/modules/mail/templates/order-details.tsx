import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties } from 'react';
import type { MailOrder } from '../topics.js';
import { formatCents, formatUtc, orderRef } from './format.js';
import { colors, Field } from './layout.js';

const cell: CSSProperties = {
  borderBottom: `1px solid ${colors.rule}`,
  fontSize: '14px',
  padding: '8px 4px',
  textAlign: 'left',
};
const amount: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' };
const head: CSSProperties = { ...cell, color: colors.muted, fontWeight: 600 };
const caption: CSSProperties = { color: colors.muted, fontSize: '13px', margin: '12px 0 0' };

/**
 * What an order mail shows of the order: its reference and date, each line, the total, and
 * where it goes. Amounts are integer cents.
 */
export function OrderDetails({ order }: { order: MailOrder }) {
  return (
    <Section>
      <Text style={caption}>{`Order ${orderRef(order)}, placed ${formatUtc(order.placedAt)}`}</Text>
      <table
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ margin: '8px 0' }}
        data-text-format="dataTable"
      >
        <thead>
          <tr>
            <th style={head}>Item</th>
            <th style={{ ...head, textAlign: 'right' }}>Quantity</th>
            <th style={{ ...head, textAlign: 'right' }}>Unit price</th>
            <th style={{ ...head, textAlign: 'right' }}>Line total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index}>
              <td style={cell}>{line.name}</td>
              <td style={amount}>{line.quantity}</td>
              <td style={amount}>{formatCents(line.priceCents)}</td>
              <td style={amount}>{formatCents(line.totalCents)}</td>
            </tr>
          ))}
          <tr>
            <td style={{ ...cell, fontWeight: 700 }} colSpan={3}>
              Total
            </td>
            <td style={{ ...amount, fontWeight: 700 }}>{formatCents(order.totalCents)}</td>
          </tr>
        </tbody>
      </table>
      <Field label="Delivery address" value={order.address} />
      <Field label="Contact" value={order.contact} />
    </Section>
  );
}
