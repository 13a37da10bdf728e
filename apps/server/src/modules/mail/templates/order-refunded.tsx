import { formatCents, orderRef, orderUrl } from './format.js';
import { MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';
import { OrderDetails } from './order-details.js';

export function OrderRefundedMail({ data, shop }: MailProps<'order.refunded'>) {
  const amount = formatCents(data.amountCents);
  const ref = orderRef(data);
  return (
    <MailLayout
      shop={shop}
      preview={`We have refunded ${amount} for order ${ref}.`}
      reason={`You received this email because you placed an order at ${shop.name}.`}
    >
      <Title>Your order was refunded</Title>
      <Paragraph>
        {`Hello ${data.buyerName}, we have refunded ${amount} of your order ${ref}. The money goes back the way you paid; your bank may take a few days to show it.`}
      </Paragraph>
      <OrderDetails order={data} />
      <Paragraph>
        See <TextLink href={orderUrl(shop, data.orderId)}>the order&apos;s page</TextLink>.
      </Paragraph>
    </MailLayout>
  );
}
