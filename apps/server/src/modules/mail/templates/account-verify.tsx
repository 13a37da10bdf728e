import { formatHours, LINK_LIFETIME_HOURS } from './format.js';
import { ActionButton, MailLayout, Paragraph, Title, type MailProps } from './layout.js';

/** Sign-up, a resend, or a new address: the link confirms the address the mail went to. */
export function AccountVerifyMail({ data, shop }: MailProps<'account.verify'>) {
  return (
    <MailLayout
      shop={shop}
      preview={
        data.changingEmail
          ? `Confirm the new email address for your ${shop.name} account.`
          : `Confirm your email address to finish signing up at ${shop.name}.`
      }
      reason={
        data.changingEmail
          ? `You received this email because this address was entered as the new email address of a ${shop.name} account.`
          : `You received this email because this address was used to sign up at ${shop.name}.`
      }
    >
      <Title>
        {data.changingEmail ? 'Confirm your new email address' : 'Confirm your email address'}
      </Title>
      <Paragraph>{`Hello ${data.name},`}</Paragraph>
      <Paragraph>
        {data.changingEmail
          ? `You asked to change the email address of your ${shop.name} account to this one. Confirm it is yours, and your account will use this new address from then on.`
          : `Thank you for signing up at ${shop.name}. Confirm that this email address is yours to finish.`}
      </Paragraph>
      <ActionButton href={data.url}>Confirm your email address</ActionButton>
      <Paragraph>
        {`The link expires in ${formatHours(LINK_LIFETIME_HOURS.verify)}. If it was not you, you can ignore this email: nothing changes until the link is followed.`}
      </Paragraph>
    </MailLayout>
  );
}
