import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSignedOut } from '../../../test/fixtures';
import { demoModules, makeModule, renderWithModuleContext } from '../test-fixtures';
import Greeting from './Greeting';

const greeting = demoModules('offer', 101)[0];
if (!greeting) throw new Error('no greeting');

describe('Greeting', () => {
  it('welcomes a signed-in visitor by first name with the label as the heading, and the notes below', () => {
    renderWithModuleContext(<Greeting module={greeting} />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Hi Ava, Welcome to the Lakeshore Brew Trail' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Check in at breweries along the shore, earn trail points and claim trail gear.'),
    ).toBeInTheDocument();
  });

  it('has no name for a signed-out visitor', () => {
    renderWithModuleContext(<Greeting module={greeting} />, { appData: makeSignedOut() });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      /^Welcome to the Lakeshore Brew Trail$/,
    );
  });

  it('renders nothing without a label or notes', () => {
    const { container } = renderWithModuleContext(
      <Greeting module={makeModule({ id: 1, type: 'Greeting' })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
