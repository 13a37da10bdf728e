import { formatCents, orderRef, orderUrl } from './format.js';
import { MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';
import { OrderDetails } from './order-details.js';

/** The payment receipt. */
export function OrderPaidMail({ data, shop }: MailProps<'order.paid'>) {
  const amount = formatCents(data.amountCents);
  const card = data.cardLast4 === null ? '' : ` with the card ending in ${data.cardLast4}`;
  return (
    <MailLayout
      shop={shop}
      preview={`We have received your payment of ${amount} for order ${orderRef(data)}.`}
      reason={`You received this email because you paid for an order at ${shop.name}.`}
    >
      <Title>Receipt for your order</Title>
      <Paragraph>{`Thank you, ${data.buyerName}. You paid ${amount}${card}.`}</Paragraph>
      <OrderDetails order={data} />
      <Paragraph>
        We will write again when it ships. You can follow it on{' '}
        <TextLink href={orderUrl(shop, data.orderId)}>its page</TextLink>.
      </Paragraph>
    </MailLayout>
  );
}
