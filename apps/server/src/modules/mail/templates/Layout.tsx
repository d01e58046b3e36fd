/** @jsxRuntime automatic @jsxImportSource react */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Fragment, type ReactNode } from 'react';
import type { MailBrand } from '../branding';

/**
 * The frame of every Trailpass e-mail (issue 29): the offer's logo (else its name) on a band of its primary
 * colour, the content, and a footer that says why the message came. React escapes every value it renders,
 * so a holder's name or words cannot add markup.
 */
export function Layout({
  brand,
  preview,
  footer,
  lang = 'en',
  children,
}: {
  brand: MailBrand;
  /** The language of the message (decision 0049), for `<html lang>`. */
  lang?: string;
  /** The line mail clients show beside the subject. */
  preview: string;
  footer: string;
  children: ReactNode;
}) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{ margin: 0, padding: '24px 0', backgroundColor: '#f5f5f5', fontFamily: 'Arial, sans-serif' }}
      >
        <Container style={{ maxWidth: 560, backgroundColor: '#ffffff', borderRadius: 8, overflow: 'hidden' }}>
          <Section style={{ backgroundColor: brand.colour, padding: '16px 24px' }}>
            {brand.logoUrl ? (
              <Img src={brand.logoUrl} alt={brand.offerName} height={40} style={{ maxWidth: 200 }} />
            ) : (
              <Text style={{ margin: 0, color: '#ffffff', fontSize: 20, fontWeight: 600 }}>
                {brand.offerName}
              </Text>
            )}
          </Section>
          <Section style={{ padding: '8px 24px 16px' }}>{children}</Section>
          <Hr style={{ borderColor: '#e0e0e0', margin: 0 }} />
          <Section style={{ padding: '12px 24px' }}>
            <Text style={{ margin: 0, color: '#666666', fontSize: 12, lineHeight: '18px' }}>{footer}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the body. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: 15, lineHeight: '22px', color: '#212121' }}>{children}</Text>;
}

/** A label and its value on one line (`Priority: Important`), in both parts. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text style={{ fontSize: 15, lineHeight: '22px', color: '#212121', margin: '4px 0' }}>
      <strong>{label}:</strong> {children}
    </Text>
  );
}

/** A sub-heading of the body (`Items`, `Shipping Address`). */
export function Heading({ children }: { children: ReactNode }) {
  return (
    <Text style={{ fontSize: 16, fontWeight: 700, color: '#212121', margin: '20px 0 4px' }}>{children}</Text>
  );
}

/**
 * Text with its line breaks kept as line breaks (`<br>`, which the plain-text part turns back into new
 * lines). It is text: React escapes it, so markup in it shows as typed.
 */
export function Lines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, never reordered.
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
}

/** Text someone typed, set off in a box, its line breaks kept (Lines). */
export function Quote({ text }: { text: string }) {
  return (
    <Text
      style={{
        fontSize: 15,
        lineHeight: '22px',
        color: '#212121',
        backgroundColor: '#f5f5f5',
        borderLeft: '4px solid #bdbdbd',
        padding: '8px 12px',
        margin: '8px 0',
      }}
    >
      <Lines lines={text.split(/\r\n|\r|\n/)} />
    </Text>
  );
}
