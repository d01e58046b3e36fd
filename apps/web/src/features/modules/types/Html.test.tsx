import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeData, makeDeal } from '../../../test/fixtures';
import {
  demoDeal,
  demoModules,
  demoProduct,
  demoVenue,
  makeAssignment,
  makeModule,
  renderWithModuleContext,
} from '../test-fixtures';
import Html from './Html';
import HtmlEditor from './HtmlEditor';
import MoreInfo from './MoreInfo';

describe('Html (spec 2.4 placeholders)', () => {
  it('fills every placeholder of product 504 and shows N/A for an unknown one', () => {
    const module = demoModules('product', 504)[1];
    if (!module) throw new Error('no module');
    const { container } = renderWithModuleContext(<Html module={module} />, {
      page: 'product',
      productId: 504,
      assignment: makeAssignment(
        [module],
        { products: [demoProduct(504)], venues: [demoVenue(301)] },
        'product',
        504,
      ),
    });
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(
      'Free Tasting Flight at Anchor & Oar Brewing',
    );
    const text = container.textContent ?? '';
    expect(text).toContain('Four 5-oz pours, on us.');
    expect(text).toContain('Where: 118 Harbor Street, Port Alder, WI 54290');
    expect(text).toContain('Restrictions: One flight per pass.');
    expect(text).toContain('How often: Once per pass');
    expect(text).toContain('Pairs with: Soft pretzel with beer cheese');
    expect(text).toContain('Brewer’s note: N/A');
    // The inserted description keeps its newline as a line break.
    expect(container.innerHTML).toContain(
      'Four 5-oz pours from the current tap list.<br>Pairs well with a soft pretzel.',
    );
  });

  it('resolves venue 301 custom fields on the venue page', () => {
    const module = demoModules('venue', 301).find((item) => item.id === 3028);
    if (!module) throw new Error('no module');
    const { container } = renderWithModuleContext(<Html module={module} />, {
      page: 'venue',
      venueId: 301,
      assignment: makeAssignment([module], { venues: [demoVenue(301)] }, 'venue', 301),
    });
    expect(container.textContent).toContain('Happy hour: Tue–Fri 3–5 pm');
    expect(container.textContent).toContain('Dogs: Yes, in the beer garden');
  });

  it('on Experiences fills from the deal given by dealId, and shows N/A without one', () => {
    const module = demoModules('offer', 101).find((item) => item.id === 3006);
    if (!module) throw new Error('no module');
    const withDeal = renderWithModuleContext(<Html module={module} />, {
      dealId: 201,
      assignment: makeAssignment([module], { deals: [demoDeal(201)] }),
    });
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Brew Trail Passport');
    expect(withDeal.container.textContent).toContain('Your trail tier: N/A');
    withDeal.unmount();

    // The deal is not in the data map: it is taken from /data.
    renderWithModuleContext(<Html module={module} />, {
      dealId: 201,
      appData: makeData({ deals: [makeDeal({ id: 201, name: 'From data' })] }),
    });
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('From data');
  });

  it('never renders a script, from the template or from the data', () => {
    const module = makeModule({
      id: 1,
      type: 'Html',
      data: {
        value:
          '<p>{{name}}</p><script>window.hacked = true</script><img src=x onerror="window.hacked = true">',
      },
    });
    const { container } = renderWithModuleContext(<Html module={module} />, {
      page: 'venue',
      venueId: 301,
      assignment: makeAssignment([module], {
        venues: [demoVenue(301, { name: '<script>window.hacked = true</script>Evil' })],
      }),
    });
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('p')).toHaveTextContent('<script>window.hacked = true</script>Evil');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('renders nothing for an empty value', () => {
    const { container } = renderWithModuleContext(
      <Html module={makeModule({ id: 1, data: { value: '  ' } })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('HtmlEditor shows its HTML the same way', () => {
    const module = makeModule({
      id: 2,
      type: 'HtmlEditor',
      data: { value: '<p>Open to <strong>{{name}}</strong></p>' },
    });
    renderWithModuleContext(<HtmlEditor module={module} />, {
      page: 'venue',
      venueId: 301,
      assignment: makeAssignment([module], { venues: [demoVenue(301)] }),
    });
    expect(screen.getByText('Anchor & Oar Brewing').tagName).toBe('STRONG');
  });
});

describe('MoreInfo', () => {
  it('shows its label as an h2 that opens the information', async () => {
    const user = userEvent.setup();
    const module = demoModules('offer', 101, 'explore').find((item) => item.type === 'MoreInfo');
    if (!module) throw new Error('no module');
    renderWithModuleContext(<MoreInfo module={module} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Good to Know' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Good to Know' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Good to Know' });
    expect(region).toHaveTextContent('Most stops are 21+ after 8 pm.');
    expect(screen.getByRole('link', { name: 'timetable' })).toHaveAttribute('target', '_blank');
  });

  it('shows the information without a label, and nothing without a value', () => {
    const { unmount } = renderWithModuleContext(
      <MoreInfo module={makeModule({ id: 1, type: 'MoreInfo', data: { value: '<p>Plain</p>' } })} />,
    );
    expect(screen.getByText('Plain')).toBeVisible();
    unmount();
    const { container } = renderWithModuleContext(
      <MoreInfo module={makeModule({ id: 1, type: 'MoreInfo', data: { label: 'Empty' } })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
