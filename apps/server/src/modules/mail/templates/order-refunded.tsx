import type { MailTopics } from '../topics.js';
import { formatCents, orderRef, orderUrl } from './format.js';
import { MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';
import { OrderDetails } from './order-details.js';

/** Less than the whole order has been refunded so far (older messages were all whole). */
export function isPartRefund(data: MailTopics['order.refunded']): boolean {
  return data.refundedTotalCents !== undefined && data.refundedTotalCents < data.totalCents;
}

/** One refund: its amount and the units it gave back, and how much is refunded in all. */
export function OrderRefundedMail({ data, shop }: MailProps<'order.refunded'>) {
  const amount = formatCents(data.amountCents);
  const ref = orderRef(data);
  const part = isPartRefund(data);
  const what = data.refundedLines?.length
    ? `: ${data.refundedLines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}`
    : '';
  return (
    <MailLayout
      shop={shop}
      preview={`We have refunded ${amount} for order ${ref}.`}
      reason={`You received this email because you placed an order at ${shop.name}.`}
    >
      <Title>{part ? 'Part of your order was refunded' : 'Your order was refunded'}</Title>
      <Paragraph>
        {`Hello ${data.buyerName}, we have refunded ${amount} of your order ${ref}${what}. The money goes back the way you paid; your bank may take a few days to show it.`}
      </Paragraph>
      {part && data.refundedTotalCents !== undefined && (
        <Paragraph>
          {`In all, ${formatCents(data.refundedTotalCents)} of the order's ${formatCents(data.totalCents)} has been refunded.`}
        </Paragraph>
      )}
      <OrderDetails order={data} />
      <Paragraph>
        See <TextLink href={orderUrl(shop, data.orderId)}>the order&apos;s page</TextLink>.
      </Paragraph>
    </MailLayout>
  );
}
