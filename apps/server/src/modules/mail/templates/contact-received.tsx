import { PAGE_PATHS } from '@toolyard/shared';
import { formatUtc, pageUrl } from './format.js';
import { Field, MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';

/** To each admin: a message from the contact form. */
export function ContactReceivedMail({ data, shop }: MailProps<'contact.received'>) {
  return (
    <MailLayout
      shop={shop}
      preview={`${data.fromEmail} wrote: ${data.subject}`}
      reason={`You received this email because you are an administrator of ${shop.name}.`}
    >
      <Title>New message from the contact form</Title>
      <Field label="From" value={data.fromEmail} />
      <Field label="Sent" value={formatUtc(data.sentAt)} />
      <Field label="Subject" value={data.subject} />
      <Field label="Message" value={data.message} />
      <Paragraph>
        See it with the others on{' '}
        <TextLink href={pageUrl(shop, PAGE_PATHS.messages)}>the messages page</TextLink>.
      </Paragraph>
    </MailLayout>
  );
}
