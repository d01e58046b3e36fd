import { render, screen } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { describe, expect, it, vi } from 'vitest';
import { EXTERNAL_LINK_REL, HtmlView, isExternalHttpUrl, sanitizeHtml } from './HtmlView';

// jsdom, as DESIGN.md requires for sanitiser tests (DOMPurify is not safe under happy-dom).

describe('sanitizeHtml', () => {
  it('removes script elements and keeps the harmless markup', () => {
    expect(sanitizeHtml('<p>Hi <strong>Ava</strong></p><script>alert(1)</script>')).toBe(
      '<p>Hi <strong>Ava</strong></p>',
    );
  });

  it('removes event handler attributes', () => {
    expect(sanitizeHtml('<img src="x.png" onerror="alert(1)" alt="x">')).toBe('<img src="x.png" alt="x">');
    expect(sanitizeHtml('<p onclick="steal()" onmouseover="x()">t</p>')).toBe('<p>t</p>');
  });

  it('removes javascript: URLs however they are spelt', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">b</a>')).toBe('<a>b</a>');
    expect(sanitizeHtml('<a href="jav&#x09;ascript:alert(1)">c</a>')).toBe('<a>c</a>');
  });

  it('removes iframes, style elements and forms', () => {
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<style>body{display:none}</style><p>x</p>')).toBe('<p>x</p>');
    expect(
      sanitizeHtml('<form action="https://evil.example"><input name="pw"><button>Go</button></form>'),
    ).toBe('Go');
  });

  it('opens external http(s) links in a new tab without an opener or referrer', () => {
    expect(sanitizeHtml('<a href="https://anchorandoar.example/menu">Menu</a>')).toBe(
      '<a href="https://anchorandoar.example/menu" target="_blank" rel="noopener noreferrer">Menu</a>',
    );
    expect(sanitizeHtml('<a href="http://old.example" rel="opener" target="_self">Old</a>')).toBe(
      '<a href="http://old.example" rel="noopener noreferrer" target="_blank">Old</a>',
    );
  });

  it('keeps in-app, mail and phone links in the same tab', () => {
    expect(sanitizeHtml('<a href="/pass/rewards" target="_blank">Rewards</a>')).toBe(
      '<a href="/pass/rewards">Rewards</a>',
    );
    expect(sanitizeHtml(`<a href="${window.location.origin}/pass/more">More</a>`)).toBe(
      `<a href="${window.location.origin}/pass/more">More</a>`,
    );
    expect(sanitizeHtml('<a href="mailto:help@example.com">Mail</a>')).toBe(
      '<a href="mailto:help@example.com">Mail</a>',
    );
    expect(sanitizeHtml('<a href="tel:+19205550101">Call</a>')).toBe('<a href="tel:+19205550101">Call</a>');
  });

  it('does not leak its link rule into the shared DOMPurify instance', () => {
    sanitizeHtml('<a href="https://a.example">a</a>');
    expect(DOMPurify.sanitize('<a href="https://a.example">a</a>')).toBe('<a href="https://a.example">a</a>');
    // And the rule still applies to every later call of ours.
    expect(sanitizeHtml('<a href="https://b.example">b</a>')).toContain('target="_blank"');
  });

  it('gives an empty string for nothing', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});

describe('isExternalHttpUrl', () => {
  it('is true only for http(s) links to another origin', () => {
    const base = 'https://pass.example/pass/messages?t=x';
    expect(isExternalHttpUrl('https://other.example/', base)).toBe(true);
    expect(isExternalHttpUrl('http://pass.example/', base)).toBe(true);
    expect(isExternalHttpUrl('//cdn.example/x', base)).toBe(true);
    expect(isExternalHttpUrl('https://pass.example/pass/rewards', base)).toBe(false);
    expect(isExternalHttpUrl('/pass/rewards', base)).toBe(false);
    expect(isExternalHttpUrl('#faq', base)).toBe(false);
    expect(isExternalHttpUrl('mailto:a@b.example', base)).toBe(false);
    expect(isExternalHttpUrl('http://[bad', base)).toBe(false);
  });
});

describe('HtmlView', () => {
  it('renders the sanitised HTML of an XSS message payload without running it', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { container } = render(
      <HtmlView
        html={
          '<p>Welcome <em>Ava</em></p><img src="x" onerror="alert(1)"><script>alert(2)</script>' +
          '<a href="javascript:alert(3)">Click</a><a href="https://lakeshore.example">Site</a>'
        }
      />,
    );
    const root = container.firstElementChild;
    expect(root?.tagName).toBe('DIV');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('Click')).not.toHaveAttribute('href');
    const site = screen.getByRole('link', { name: 'Site' });
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', EXTERNAL_LINK_REL);
    expect(screen.getByText('Ava').tagName).toBe('EM');
    expect(alert).not.toHaveBeenCalled();
  });

  it('uses the given element', () => {
    const { container } = render(<HtmlView html="<span>x</span>" component="section" />);
    expect(container.firstElementChild?.tagName).toBe('SECTION');
    expect(container.firstElementChild?.innerHTML).toBe('<span>x</span>');
  });

  it('renders nothing for no HTML, or HTML that sanitises to nothing', () => {
    expect(render(<HtmlView html={null} />).container).toBeEmptyDOMElement();
    expect(render(<HtmlView html="<script>alert(1)</script>" />).container).toBeEmptyDOMElement();
  });
});
