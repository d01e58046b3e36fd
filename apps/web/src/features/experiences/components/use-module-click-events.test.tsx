import { fireEvent, render } from '@testing-library/react';
import type { DataResponse } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { makeData, makePreview } from '../../../test/fixtures';
import { useModuleClickEvents } from './use-module-click-events';

function Harness({ data, href }: { data: DataResponse; href: string }) {
  const onClickCapture = useModuleClickEvents(data);
  return (
    <div onClickCapture={onClickCapture}>
      <section data-module-id="3005">
        <a href={href} onClick={(event) => event.preventDefault()}>
          Card
        </a>
      </section>
      <a href="/pass/experiences/deal/202?t=tok" onClick={(event) => event.preventDefault()}>
        Outside
      </a>
    </div>
  );
}

const EVENT = 'POST /partnerUser/1001/event';

describe('useModuleClickEvents', () => {
  it('reports a tap on a link in a module with the ids it leads to, without the token', async () => {
    const { calls } = mockApi({ [EVENT]: () => ({ status: 200, body: { ok: true } }) });
    const { getByText } = render(
      <Harness data={makeData()} href="/pass/experiences/deal/201/venue/301?t=tok" />,
    );
    fireEvent.click(getByText('Card'));
    fireEvent.click(getByText('Outside'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.map((call) => call.body)).toEqual([
      {
        type: 'click',
        module_id: 3005,
        url: '/pass/experiences/deal/201/venue/301',
        deal_id: 201,
        venue_id: 301,
      },
    ]);
  });

  it('keeps an external address whole and reads no ids from it', async () => {
    const { calls } = mockApi({ [EVENT]: () => ({ status: 200, body: { ok: true } }) });
    const { getByText } = render(<Harness data={makeData()} href="https://example.com/deal/9" />);
    fireEvent.click(getByText('Card'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls[0]?.body).toEqual({ type: 'click', module_id: 3005, url: 'https://example.com/deal/9' });
  });

  it('counts no preview taps', async () => {
    const { calls } = mockApi({});
    const { getByText } = render(
      <Harness data={makePreview({ type: 'product', typeId: 504 })} href="/pass/experiences/product/504" />,
    );
    fireEvent.click(getByText('Card'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
  });
});
