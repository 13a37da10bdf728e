import { PAGE_PATHS } from '@toolyard/shared';
import { pageUrl } from './format.js';
import { MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';

/** The password was changed or reset, and every other session has ended. */
export function AccountPasswordChangedMail({ data, shop }: MailProps<'account.password-changed'>) {
  return (
    <MailLayout
      shop={shop}
      preview={`The password of your ${shop.name} account was changed.`}
      reason={`You received this email because the password of your ${shop.name} account was changed.`}
    >
      <Title>Your password was changed</Title>
      <Paragraph>{`Hello ${data.name},`}</Paragraph>
      <Paragraph>
        {`The password of your ${shop.name} account was changed, and every other device that was signed in to it has been signed out.`}
      </Paragraph>
      <Paragraph>
        If it was not you,{' '}
        <TextLink href={pageUrl(shop, PAGE_PATHS.forgotPassword)}>reset your password</TextLink>{' '}
        now.
      </Paragraph>
    </MailLayout>
  );
}
