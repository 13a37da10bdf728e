import { formatUtc, orderRef, orderUrl, paymentUrl } from './format.js';
import { ActionButton, MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';
import { OrderDetails } from './order-details.js';

/** The spec's confirmation: "Hello {name} We Have Received Your Order", what, and where. */
export function OrderReceivedMail({ data, shop }: MailProps<'order.received'>) {
  return (
    <MailLayout
      shop={shop}
      preview={`Order ${orderRef(data)}: thank you for your order at ${shop.name}.`}
      reason={`You received this email because you placed an order at ${shop.name}.`}
    >
      <Title>{`Hello ${data.buyerName} We Have Received Your Order`}</Title>
      <Paragraph>Thank you for your order. This is what you ordered:</Paragraph>
      <OrderDetails order={data} />
      {data.holdEndsAt !== null && (
        <Paragraph>
          {`Your order is held for you unpaid until ${formatUtc(data.holdEndsAt)}. Pay for it by then to keep it; after that it is cancelled and the items go back on sale.`}
        </Paragraph>
      )}
      <ActionButton href={paymentUrl(shop, data.orderId)}>Pay for your order</ActionButton>
      <Paragraph>
        You can follow it on <TextLink href={orderUrl(shop, data.orderId)}>its page</TextLink>.
      </Paragraph>
    </MailLayout>
  );
}
