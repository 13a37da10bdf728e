import { PAGE_PATHS } from '@toolyard/shared';
import { orderRef, orderUrl, pageUrl } from './format.js';
import { MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';
import { OrderDetails } from './order-details.js';

/** Cancelled by the buyer or by an admin. */
export function OrderCancelledMail({ data, shop }: MailProps<'order.cancelled'>) {
  const ref = orderRef(data);
  return (
    <MailLayout
      shop={shop}
      preview={`Order ${ref} was cancelled.`}
      reason={`You received this email because you placed an order at ${shop.name}.`}
    >
      <Title>Your order was cancelled</Title>
      <Paragraph>
        {data.by === 'buyer'
          ? `Hello ${data.buyerName}, as you asked, your order ${ref} was cancelled.`
          : `Hello ${data.buyerName}, we have cancelled your order ${ref}.`}
      </Paragraph>
      <OrderDetails order={data} />
      <Paragraph>
        See <TextLink href={orderUrl(shop, data.orderId)}>the order&apos;s page</TextLink>, or{' '}
        <TextLink href={pageUrl(shop, PAGE_PATHS.allItems)}>browse our tools</TextLink> to order
        again.
      </Paragraph>
    </MailLayout>
  );
}
