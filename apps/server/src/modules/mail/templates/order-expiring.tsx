import { formatUtc, orderRef, orderUrl, paymentUrl } from './format.js';
import { ActionButton, MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';
import { OrderDetails } from './order-details.js';

/** A reminder before an unpaid order's hold runs out. */
export function OrderExpiringMail({ data, shop }: MailProps<'order.expiring'>) {
  const ends = formatUtc(data.holdEndsAt);
  const ref = orderRef(data);
  return (
    <MailLayout
      shop={shop}
      preview={`Pay for order ${ref} by ${ends} to keep it.`}
      reason={`You received this email because you placed an order at ${shop.name}.`}
    >
      <Title>Your order will be cancelled unless it is paid</Title>
      <Paragraph>
        {`Hello ${data.buyerName}, your order ${ref} is held for you unpaid until ${ends}. If it is not paid by then, it is cancelled and the items go back on sale.`}
      </Paragraph>
      <ActionButton href={paymentUrl(shop, data.orderId)}>Pay for your order</ActionButton>
      <OrderDetails order={data} />
      <Paragraph>
        See <TextLink href={orderUrl(shop, data.orderId)}>the order&apos;s page</TextLink>.
      </Paragraph>
    </MailLayout>
  );
}
