import { PAGE_PATHS } from '@toolyard/shared';
import { pageUrl } from './format.js';
import { MailLayout, Paragraph, TextLink, Title, type MailProps } from './layout.js';

/** Somebody signed up with an address that has an account: tell its owner, make nothing. */
export function AccountExistsMail({ data, shop }: MailProps<'account.exists'>) {
  return (
    <MailLayout
      shop={shop}
      preview={`Someone tried to create a ${shop.name} account with this email address.`}
      reason={`You received this email because this address belongs to a ${shop.name} account.`}
    >
      <Title>You already have an account</Title>
      <Paragraph>{`Hello ${data.name},`}</Paragraph>
      <Paragraph>
        {`Someone, perhaps you, tried to create a ${shop.name} account with this email address. It already has an account, so no new account was made.`}
      </Paragraph>
      <Paragraph>
        To use your account, <TextLink href={pageUrl(shop, PAGE_PATHS.login)}>sign in</TextLink>. If
        you have forgotten your password,{' '}
        <TextLink href={pageUrl(shop, PAGE_PATHS.forgotPassword)}>reset your password</TextLink>.
      </Paragraph>
      <Paragraph>
        If it was not you, you can ignore this email: your account is unchanged.
      </Paragraph>
    </MailLayout>
  );
}
