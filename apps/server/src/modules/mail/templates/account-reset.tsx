import { formatHours, LINK_LIFETIME_HOURS } from './format.js';
import { ActionButton, MailLayout, Paragraph, Title, type MailProps } from './layout.js';

/** Forgot password: the link sets a new one. */
export function AccountResetMail({ data, shop }: MailProps<'account.reset'>) {
  return (
    <MailLayout
      shop={shop}
      preview={`Set a new password for your ${shop.name} account.`}
      reason={`You received this email because a password reset was asked for your ${shop.name} account.`}
    >
      <Title>Reset your password</Title>
      <Paragraph>{`Hello ${data.name},`}</Paragraph>
      <Paragraph>{`Someone asked to reset the password of your ${shop.name} account.`}</Paragraph>
      <ActionButton href={data.url}>Set a new password</ActionButton>
      <Paragraph>
        {`The link expires in ${formatHours(LINK_LIFETIME_HOURS.reset)}. If it was not you, you can ignore this email: your password stays as it is.`}
      </Paragraph>
    </MailLayout>
  );
}
