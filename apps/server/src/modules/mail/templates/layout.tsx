import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import type { MailTopic, MailTopics, ShopFacts } from '../topics.js';

/** What every template is given: its topic's facts and the shop's. */
export interface MailProps<T extends MailTopic> {
  data: MailTopics[T];
  shop: ShopFacts;
}

/** The web app's theme (apps/web/src/index.css), in the few colours a mail needs. */
export const colors = {
  ink: '#1e293b',
  muted: '#475569',
  page: '#f8fafc',
  paper: '#ffffff',
  rule: '#e2e8f0',
  primary: '#b45309',
  onPrimary: '#ffffff',
  link: '#0f766e',
} as const;

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: { backgroundColor: colors.page, color: colors.ink, fontFamily: font, margin: 0 },
  container: {
    backgroundColor: colors.paper,
    border: `1px solid ${colors.rule}`,
    borderRadius: '12px',
    margin: '24px auto',
    maxWidth: '600px',
  },
  header: { backgroundColor: colors.ink, borderRadius: '12px 12px 0 0', padding: '16px 24px' },
  brand: { color: colors.page, fontSize: '20px', fontWeight: 700, margin: 0 },
  content: { padding: '8px 24px' },
  title: { color: colors.ink, fontSize: '22px', lineHeight: '30px', margin: '16px 0' },
  paragraph: { color: colors.ink, fontSize: '15px', lineHeight: '24px', margin: '12px 0' },
  button: {
    backgroundColor: colors.primary,
    borderRadius: '8px',
    color: colors.onPrimary,
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
  },
  link: { color: colors.link, textDecoration: 'underline' },
  label: { color: colors.muted, fontSize: '13px', lineHeight: '18px', margin: '12px 0 0' },
  value: {
    color: colors.ink,
    fontSize: '15px',
    lineHeight: '22px',
    margin: '2px 0 0',
  },
  rule: { borderColor: colors.rule, margin: '16px 0 0' },
  footer: { color: colors.muted, fontSize: '12px', lineHeight: '18px', padding: '0 24px' },
} satisfies Record<string, CSSProperties>;

/**
 * Every mail's frame: the shop's name on top, and at the bottom why the reader got the mail and
 * where the shop is.
 */
export function MailLayout({
  shop,
  preview,
  reason,
  children,
}: {
  shop: ShopFacts;
  /** The line mail clients show next to the subject. */
  preview: string;
  /** Why the reader got this mail, as a sentence. */
  reason: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>{shop.name}</Text>
          </Section>
          <Section style={styles.content}>{children}</Section>
          <Hr style={styles.rule} />
          <Text style={styles.footer}>
            {reason}
            <br />
            {`${shop.name} · `}
            <Link href={shop.origin} style={styles.link}>
              {shop.origin}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={styles.title}>
      {children}
    </Heading>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

/** The one thing the mail asks the reader to do. */
export function ActionButton({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: '20px 0' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/** A labelled fact (an address, a message); its line breaks are kept in both parts. */
export function Field({ label, value }: { label: string; value: string }) {
  const lines = value.split(/\r\n|\r|\n/);
  return (
    <>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>
        {lines.map((line, index) => (
          <Fragment key={index}>
            {index > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </Text>
    </>
  );
}
