import { PAGE_PATHS } from '@toolyard/shared';
import { orderRef, orderUrl, pageUrl } from './format.js';
import { MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';
import { OrderDetails } from './order-details.js';

/** An unpaid order's hold ran out: it is cancelled and its stock is back on sale. */
export function OrderExpiredMail({ data, shop }: MailProps<'order.expired'>) {
  const ref = orderRef(data);
  return (
    <MailLayout
      shop={shop}
      preview={`Order ${ref} was not paid in time and was cancelled.`}
      reason={`You received this email because you placed an order at ${shop.name}.`}
    >
      <Title>Your unpaid order was cancelled</Title>
      <Paragraph>
        {`Hello ${data.buyerName}, your order ${ref} was not paid in time, so it was cancelled and its items went back into stock.`}
      </Paragraph>
      <OrderDetails order={data} />
      <Paragraph>
        See <TextLink href={orderUrl(shop, data.orderId)}>the order&apos;s page</TextLink>. You can
        order again at any time:{' '}
        <TextLink href={pageUrl(shop, PAGE_PATHS.allItems)}>browse our tools</TextLink>.
      </Paragraph>
    </MailLayout>
  );
}
