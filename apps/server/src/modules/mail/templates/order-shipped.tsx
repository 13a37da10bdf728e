import { orderRef, orderUrl } from './format.js';
import { MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';
import { OrderDetails } from './order-details.js';

export function OrderShippedMail({ data, shop }: MailProps<'order.shipped'>) {
  const shipment = tracking(data);
  return (
    <MailLayout
      shop={shop}
      preview={`Order ${orderRef(data)} is on its way.`}
      reason={`You received this email because you placed an order at ${shop.name}.`}
    >
      <Title>Your order has shipped</Title>
      <Paragraph>
        {`Hello ${data.buyerName}, your order ${orderRef(data)} is on its way to the address below.`}
      </Paragraph>
      {shipment && <Paragraph>{shipment}</Paragraph>}
      <OrderDetails order={data} />
      <Paragraph>
        You can follow it on <TextLink href={orderUrl(shop, data.orderId)}>its page</TextLink>.
      </Paragraph>
    </MailLayout>
  );
}

/** "Carrier: Parcelforce. Tracking number: PF123.", either part when given; null for neither. */
function tracking({ carrier, trackingNumber }: MailProps<'order.shipped'>['data']) {
  const parts = [
    carrier ? `Carrier: ${carrier}.` : null,
    trackingNumber ? `Tracking number: ${trackingNumber}.` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}
